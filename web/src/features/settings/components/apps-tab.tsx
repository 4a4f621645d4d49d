import { Globe, Info, Search, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useFeatureFlag } from '@/lib/metadata';

interface Platform {
  name: string;
  description: string;
  mark: ReactNode;
}

const letter = (text: string, color: string) => (
  <span className="platform__mark" style={{ background: color }} aria-hidden>
    {text}
  </span>
);

export function AppsTab() {
  const searchConsole = useFeatureFlag('GoogleSearchConsole');
  const myBusiness = useFeatureFlag('GoogleMyBusinessIntegration');

  const platforms: Platform[] = [
    { name: 'Facebook', description: 'Publish posts to a Facebook Page.', mark: letter('f', '#1877F2') },
    {
      name: 'Instagram',
      description: 'Publish photos and videos to a business account.',
      mark: letter('IG', '#d62976'),
    },
    { name: 'Threads', description: 'Share short posts on Threads.', mark: letter('@', '#111111') },
    { name: 'LinkedIn', description: 'Post to your profile or company page.', mark: letter('in', '#0A66C2') },
    {
      name: 'WordPress',
      description: 'Publish blog posts to your WordPress site.',
      mark: (
        <span className="platform__mark platform__mark--icon" style={{ background: '#21759b' }} aria-hidden>
          <Globe size={18} />
        </span>
      ),
    },
    ...(searchConsole
      ? [
          {
            name: 'Google Search Console',
            description: 'Bring search performance into your reports.',
            mark: (
              <span className="platform__mark platform__mark--icon" style={{ background: '#34A853' }} aria-hidden>
                <Search size={18} />
              </span>
            ),
          },
        ]
      : []),
    ...(myBusiness
      ? [
          {
            name: 'Google My Business',
            description: 'Manage your business profile and reviews.',
            mark: (
              <span className="platform__mark platform__mark--icon" style={{ background: '#4285F4' }} aria-hidden>
                <Store size={18} />
              </span>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="stack-lg">
      <div className="note">
        <Info size={18} aria-hidden />
        <p>
          Connecting accounts arrives in a coming release. Until then the buttons below stay disabled and nothing is
          shared with these platforms.
        </p>
      </div>
      <Card title="Applications" description="Accounts your posts are published to." padded={false}>
        <ul className="platforms">
          {platforms.map((platform) => (
            <li key={platform.name} className="platform">
              {platform.mark}
              <div className="platform__text">
                <span className="platform__name">{platform.name}</span>
                <span className="platform__description">{platform.description}</span>
              </div>
              <Badge>Not connected</Badge>
              <Button variant="secondary" size="sm" disabled title="Connecting arrives in a coming release">
                Connect
              </Button>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
