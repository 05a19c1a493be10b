// Apart from details.ts so that an instant's check (instant.ts) loads no schema of the details.
/** Whether a text is a day of the calendar, `YYYY-MM-DD` (no 31 April), between the years 1900 and 2099 (a passenger's birthday included). */
export const isCalendarDay = (text: string): boolean => {
  if (!/^(?:19|20)\d\d-\d\d-\d\d$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
};
