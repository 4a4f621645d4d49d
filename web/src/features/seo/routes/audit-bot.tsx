import { PageHeader } from '@/components/ui/page-header';
import { Card } from '@/components/ui/card';

/**
 * /audit-bot: the page our crawler's user agent names, for the owner of a site it visits:
 * who it is, why it came, and how to slow it down or keep it out (spec of well-behaved bots).
 */
export default function AuditBotRoute() {
  return (
    <div className="page">
      <PageHeader title="MarketingAutomationAudit" description="The crawler behind our SEO site audits." />
      <Card title="Why it visits your site">
        <p>
          A customer of ours asked for an SEO audit of a website, and our crawler reads its pages the way a search
          engine would: titles, links, redirects, speed. It reads pages only; it never submits forms or logs in.
        </p>
      </Card>
      <Card title="How it behaves">
        <ul>
          <li>It always sends the user agent MarketingAutomationAudit/1.0 with a link to this page.</li>
          <li>
            It follows your robots.txt, including a Crawl-delay, for the name <code>MarketingAutomationAudit</code> or{' '}
            <code>*</code>.
          </li>
          <li>Only one audit crawls a website at a time, at a few pages a second.</li>
          <li>
            Faster audits, or audits that ignore robots.txt, run only for the site&apos;s owner, after they have
            verified the site with a file, a meta tag or Google Search Console.
          </li>
        </ul>
      </Card>
      <Card title="Keeping it out">
        <p>Add these lines to your robots.txt:</p>
        <pre>
          <code>{'User-agent: MarketingAutomationAudit\nDisallow: /'}</code>
        </pre>
      </Card>
    </div>
  );
}
