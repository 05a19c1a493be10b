/** The text key of a choice's option: `options.<option>` (retailer, high, I ...). */
export const optionKey = (option: string): string => `options.${option}`;
