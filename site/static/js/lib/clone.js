// @ts-check
/** A deep copy of plain data (a trace, a set-up, a kept game), so that no two owners share it. @param {any} data */
export const clone = (data) => JSON.parse(JSON.stringify(data));
