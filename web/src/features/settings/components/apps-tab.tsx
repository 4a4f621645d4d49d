import { PLATFORM_LABELS, SOCIAL_PLATFORMS, type SocialPlatform } from '@shared/schemas/integrations';
import { Globe, Search, Store } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { BusinessApp } from './business-app';
import { SearchConsoleApp } from './search-console-app';
import { SocialApp } from './social-app';
import { WordPressApp } from './wordpress-app';
import { useFeatureFlag } from '@/api/metadata/metadata';
import { useMay } from '@/api/companies/permissions';
import { permissionRefusal } from '@shared/permissions';
import { notify } from '@/lib/toast';

const letter = (text: string, color: string) => (
  <span className="platform__mark" style={{ background: color }} aria-hidden>
    {text}
  </span>
);
const icon = (node: ReactNode, color: string) => (
  <span className="platform__mark platform__mark--icon" style={{ background: color }} aria-hidden>
    {node}
  </span>
);

const SOCIAL: Record<SocialPlatform, { description: string; mark: ReactNode }> = {
  facebook: { description: 'Publish posts to a Facebook Page.', mark: letter('f', '#1877F2') },
  instagram: { description: 'Publish photos and videos to a business account.', mark: letter('IG', '#c13584') },
  threads: { description: 'Share short posts on Threads.', mark: letter('@', '#111111') },
  linkedin: { description: 'Post to your profile or company page.', mark: letter('in', '#0A66C2') },
};

/** What the apps tab calls each app a connect comes back for (`?connected=` / `?platform=`). */
const APP_LABELS: Record<string, string> = {
  ...PLATFORM_LABELS,
  wordpress: 'WordPress',
  google: 'Google Search Console',
  'google-my-business': 'Google My Business',
};
const labelOf = (value: string | null) => (value && Object.hasOwn(APP_LABELS, value) ? APP_LABELS[value] : undefined);

/**
 * Settings → apps (spec 01 §2): the social platforms, WordPress, Search Console and Google My
 * Business (the last two only with their feature flags) connect through their consent pages and
 * come back here with `?connected=` or `?error=`; an invite link's `inviteToken` travels with
 * Connect, so an invited teammate connects the invited company's accounts.
 */
export function AppsTab() {
  const searchConsole = useFeatureFlag('GoogleSearchConsole');
  const myBusiness = useFeatureFlag('GoogleMyBusinessIntegration');
  const [params, setParams] = useSearchParams();
  const inviteToken = params.get('inviteToken') ?? undefined;
  const returned = params.get('connected');
  const failed = params.get('error');
  const failedPlatform = params.get('platform');
  // Back from a consent whose account offered several pages: that row asks, its list focused.
  const [choosing] = useState(() => params.get('choose'));
  const announced = useRef(false);
  const mayManage = useMay('apps');

  useEffect(() => {
    if (announced.current || (!returned && !choosing)) return;
    announced.current = true;
    const name = labelOf(returned);
    if (name) notify.success(`${name} is connected.`);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('connected');
        next.delete('choose');
        return next;
      },
      { replace: true },
    );
  }, [returned, choosing, setParams]);

  return (
    <div className="stack-lg">
      {failed ? (
        <Alert
          type="error"
          title={labelOf(failedPlatform) ? `${labelOf(failedPlatform)} was not connected` : undefined}
          action={
            <Button
              variant="ghost"
              size="sm"
              onClick={() =>
                setParams(
                  (current) => {
                    const next = new URLSearchParams(current);
                    next.delete('error');
                    next.delete('platform');
                    return next;
                  },
                  { replace: true },
                )
              }
            >
              Dismiss
            </Button>
          }
        >
          {failed}
        </Alert>
      ) : null}
      {inviteToken ? (
        <Alert type="info">
          Connecting from your invite: the accounts you connect go to the company that invited you.
        </Alert>
      ) : null}
      <Card
        title="Applications"
        description={
          mayManage
            ? 'Accounts your posts are published to.'
            : `Accounts your posts are published to. ${permissionRefusal('apps')}`
        }
        padded={false}
      >
        <ul className="platforms">
          {SOCIAL_PLATFORMS.map((platform) => (
            <SocialApp
              key={platform}
              platform={platform}
              inviteToken={inviteToken}
              choosing={choosing === platform}
              {...SOCIAL[platform]}
            />
          ))}
          <WordPressApp inviteToken={inviteToken} mark={icon(<Globe size={18} />, '#21759b')} />
          {searchConsole ? (
            <SearchConsoleApp inviteToken={inviteToken} mark={icon(<Search size={18} />, '#137333')} />
          ) : null}
          {myBusiness ? (
            <BusinessApp
              inviteToken={inviteToken}
              choosing={choosing === 'google-my-business'}
              mark={icon(<Store size={18} />, '#4285F4')}
            />
          ) : null}
        </ul>
      </Card>
    </div>
  );
}
