import { z } from 'zod/mini';

/** The company's approvals setting: a module of its own, so the settings tab loads nothing else of approvals. */
export const approvalSettingsSchema = z.object({ required: z.boolean() });
