/**
 * A screen machine's `setup({ types })`: what it is started with, what it keeps, the events it
 * takes and the tags its states carry, named in one line. Types only: nothing of it reaches the
 * created machine, so the Stately visualizer, docs/flows and the path tests read the same machine.
 */
export const machineTypes = <Input, Context, Event, Tag extends string>() =>
  ({}) as { readonly input: Input; readonly context: Context; readonly events: Event; readonly tags: Tag };
