import { partitionData } from '../companies/company-data';
import { companyItemPrefix } from '../table/keys';
import { suggestionDrafts } from './suggestion-draft-entity';

/** Which draft each audit idea became goes with the company and with a demo reset (its posts go too). */
export const suggestionDraftData = partitionData({
  name: 'audit idea drafts',
  skPrefix: companyItemPrefix.suggestionDraft,
  example: async (companyId) => {
    await suggestionDrafts.put({
      companyId,
      suggestionId: 'thin-page-0000000000000000',
      postId: 1,
      done: true,
      claimedAt: new Date().toISOString(),
    });
  },
});
