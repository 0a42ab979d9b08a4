/** The one ordered migration history. Append new migrations at the end; never edit an applied one. */
export const MIGRATIONS: Function[] = [];
