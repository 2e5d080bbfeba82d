// Imported by engine-support.js only to learn whether this browser parses the newest syntax that
// the engine's runtime (Pyodide 314) uses: class static blocks (ES2022). Where they do not parse,
// this module fails to load, and the live engine is not tried.
export const parsed = class { static { this.ok = true; } }.ok;
