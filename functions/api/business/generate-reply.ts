import { businessListingContracts } from '@shared/contracts/business-listing';
import { countAiCall } from '../../core/ai/ai-limits';
import { getReviewToReply } from '../../core/business/business-listing';
import { reviewReplyJob } from '../../core/business/review-reply-job';
import { jobStartRoute } from '../job-start-route';

/**
 * The review and its listing are read from Google before the job starts (an unknown review is a
 * 404 here, not a failed job); each start pays a model, so it is counted first (ai-limits.ts).
 */
export const generateReply = jobStartRoute(
  businessListingContracts.generateReply,
  reviewReplyJob,
  async ({ companyId, user, params }) => {
    const { review, listing } = await getReviewToReply(companyId, params.locationId, params.reviewId);
    await countAiCall('reviewReply', companyId, user.id);
    return {
      reviewerName: review.reviewer.anonymous ? null : review.reviewer.name,
      starRating: review.starRating,
      comment: review.comment ?? null,
      listing,
    };
  },
);
