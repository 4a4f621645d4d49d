import { partitionData } from '../companies/company-data';
import { companyItemPrefix } from '../table/keys';
import { setApprovalsRequired } from '../posts/approval-settings';

/** The approval setting and the review links (COMPANY#<id> / APPROVAL_...) go with the company and a demo reset. */
export const approvalData = partitionData({
  name: 'approval setting and review links',
  skPrefix: companyItemPrefix.approval,
  example: async (companyId) => {
    await setApprovalsRequired(companyId, true);
  },
});
