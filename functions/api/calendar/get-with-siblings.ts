import { calendarContracts } from '@shared/contracts/calendar';
import { getPost, postsByIds, toApiPost } from '../../core/posts/post-store';
import { defineRoute, ok } from '../../core/http/route';

/** GET /api/calendar/{id}/with-siblings: the post, and the rest of its group that still exists. */
export const getWithSiblings = defineRoute(calendarContracts.withSiblings, {
  access: 'company',
  handle: async ({ companyId, params }) => {
    const post = await getPost(companyId, params.id);
    const others = post.siblingIds.filter((id) => id !== post.id);
    const siblings = others.length ? await postsByIds(companyId, others) : [];
    return ok({ post: toApiPost(post), siblings: siblings.map(toApiPost) });
  },
});
