import { partitionData } from '../companies/company-data';
import { companyItemPrefix } from '../table/keys';
import { createPosts } from './post-store';

/** A company's posts (COMPANY#<id> / POST#...) go with the company and with a demo reset ("posts"). */
export const postData = partitionData({
  name: 'posts',
  skPrefix: companyItemPrefix.post,
  example: async (companyId) => {
    await createPosts(companyId, {
      platforms: ['facebook', 'linkedin'],
      content: 'An example post for the company cascade. '.repeat(3),
      files: [],
      action: 'save',
    });
  },
});
