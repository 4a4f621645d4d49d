import { defineGrants } from '../../core/grants';

/** Notices are items in the company's partition: a Query to list, an UpdateItem to mark read. */
export const grants = defineGrants({ table: ['Query', 'UpdateItem', 'GetItem'] });
