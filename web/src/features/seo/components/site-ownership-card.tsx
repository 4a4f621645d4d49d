import { ShieldCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { useMay } from '@/api/companies/permissions';
import { notify } from '@/lib/toast';
import { useProveSiteOwnership, useSiteOwnership } from '@/api/seo/seo-report';

const METHOD: Record<string, string> = {
  file: 'the verification file',
  meta: 'the meta tag on your home page',
  'search-console': 'your Search Console property',
};

/**
 * Proving the website is the company's own. Until then audits crawl it as a polite stranger
 * (robots.txt obeyed, our own user agent, a few requests a second); the card says so and how
 * to lift it, as site auditors do. Proving it is for the roles that may change the audit: the
 * others see the card once it is done.
 */
export function SiteOwnershipCard() {
  const ownership = useSiteOwnership(true);
  const prove = useProveSiteOwnership();
  const mayVerify = useMay('seo');
  const data = ownership.data;
  if (!data) return null;
  if (data.verified) {
    return (
      <Card title="Website ownership">
        <p className="seo-ownership__done">
          <ShieldCheck size={18} aria-hidden /> {data.host} is verified as yours
          {data.method ? ` through ${METHOD[data.method]}` : ''}
          {data.verifiedAt ? <> on {formatDateTime(data.verifiedAt)}</> : null}. Your audit settings apply in full.
        </p>
      </Card>
    );
  }
  if (!mayVerify) return null;
  const verify = () =>
    prove.mutate(undefined, {
      onSuccess: () => notify.success('Your website is verified. Your audit settings now apply in full.'),
      onError: (error) => notify.error(errorMessage(error)),
    });
  return (
    <Card
      title="Verify that this website is yours"
      description={`Until you do, audits of ${data.host} follow its robots.txt and ask at most ${data.unprovenLimits.requestsPerSecond} pages a second, whatever your audit settings say.`}
      actions={
        <Button variant="secondary" pending={prove.isPending} onClick={verify}>
          Verify
        </Button>
      }
    >
      <ol className="seo-ownership__steps">
        <li>
          Upload a file to your site at <code>{data.fileUrl}</code> containing only <code>{data.fileContent}</code>,
        </li>
        <li>
          or add this tag to your home page&apos;s <code>&lt;head&gt;</code>: <code>{data.metaTag}</code>,
        </li>
        <li>or choose this website as your Search Console property in Settings → Apps.</li>
      </ol>
    </Card>
  );
}
