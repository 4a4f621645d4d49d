/** `run-job` → `RunJob`: construct ids read like the resources' logical ids. */
export const pascalCase = (name: string) => name.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
