import { metaGraph } from './facebook-client';
import type { PlatformClient } from './platform-client';
import type { PlatformConfig } from './platform-config';

const INSTAGRAM_SCOPES =
  'instagram_basic,instagram_content_publish,pages_show_list,pages_read_engagement,business_management';

/**
 * Instagram business accounts through Meta's login: each Facebook page the user manages may
 * have one linked; publishing uses the user token with the account id.
 */
export function instagramClient(config: PlatformConfig): PlatformClient {
  const graph = metaGraph(config, 'instagram');
  return {
    platform: 'instagram',
    pkce: true,
    authorizeUrl: (input) => graph.authorizeUrl(input, INSTAGRAM_SCOPES),
    exchangeCode: (input) => graph.exchangeCode(input),
    account: (tokens) => graph.me(tokens),
    async targets(tokens) {
      const pages = await graph.list<{
        id: string;
        name: string;
        instagram_business_account?: { id: string | number; username?: string; name?: string };
      }>('me/accounts', { fields: 'id,name,instagram_business_account{id,username,name}' }, tokens);
      return pages.flatMap((page) => {
        const ig = page.instagram_business_account;
        return ig ? [{ id: String(ig.id), name: ig.username ?? ig.name ?? page.name }] : [];
      });
    },
  };
}
