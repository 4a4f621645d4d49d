import { generatedReplySchema } from '@shared/schemas/business-listing';
import { z } from 'zod';
import { ai } from '../ai/ai';
import { getCompany } from '../companies/company-store';
import { approvedIcps } from '../companies/icp-store';
import { notFound } from '../errors';
import { defineJobKind } from '../jobs/job-kind';
import { defineGrants, TABLE_READ_WRITE } from '../grants';
import { companyContext } from '../onboarding/company-context';

/**
 * POST /api/business/locations/{locationId}/reviews/{reviewId}/generate: a reply in the
 * company's tone and voice (the AI port), from the listing the review is on (its title and
 * place). The start route reads the review and the listing from Google, so the job carries them
 * and the worker needs no Google token.
 */
export const reviewReplyJob = defineJobKind({
  name: 'review-reply',
  input: z.object({
    reviewerName: z.string().max(200).nullable(),
    starRating: z.number().int().min(0).max(5),
    comment: z.string().max(5000).nullable(),
    // Jobs started before listings were sent carry none: the reply then knows only the company.
    listing: z.object({ title: z.string().max(200).nullable(), place: z.string().max(300).nullable() }).nullish(),
  }),
  result: generatedReplySchema,
  // The model writes it (the OpenAI key); the company's items are read and written.
  grants: defineGrants({ table: TABLE_READ_WRITE, secrets: ['openai'] }),
  run: async (review, job) => {
    await job.step('Reading the review');
    const company = await getCompany(job.companyId);
    if (!company) throw notFound();
    const approved = await approvedIcps(company.id);
    await job.step('Writing a reply');
    const reply = await (
      await ai()
    ).reviewReply(
      companyContext(
        company,
        approved.map((i) => i.profile),
      ),
      review,
    );
    return { reply };
  },
});
