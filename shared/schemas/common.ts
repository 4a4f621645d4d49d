import { z } from 'zod/mini';

/** An answer that only tells the user something: "Your password has been changed." */
export const messageSchema = z.object({ message: z.string() });
