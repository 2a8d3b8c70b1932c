// The schema of a form on a server-rendered page, loaded when the form is first used (`lazySchema`), so
// those pages' first JavaScript carries no zod. Imported only dynamically.
export { stockAlertBody } from '@rr/core';
