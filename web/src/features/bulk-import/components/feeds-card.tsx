import { PLATFORM_LABELS, SOCIAL_PLATFORMS, type SocialPlatform } from '@shared/platforms';
import { FEED_POLL_MINUTES, type Feed } from '@shared/schemas/feeds';
import { Plus, RotateCw, Trash2 } from 'lucide-react';
import { useState, type SyntheticEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Checkbox, TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, viewerZone } from '@/lib/format-date';
import { notify } from '@/lib/toast';
import { useAddFeed, useCheckFeed, useFeeds, useRemoveFeed } from '../api/feed-calls';

function AddFeedForm() {
  const add = useAddFeed();
  const [url, setUrl] = useState('');
  const [platforms, setPlatforms] = useState<SocialPlatform[]>(['facebook', 'linkedin']);
  const [problem, setProblem] = useState<string | undefined>();
  const toggle = (platform: SocialPlatform, on: boolean) =>
    setPlatforms((now) => (on ? [...now, platform] : now.filter((p) => p !== platform)));
  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    setProblem(undefined);
    add.mutate(
      { url, platforms },
      {
        onSuccess: (feed) => {
          setUrl('');
          notify.success(`Following ${feed.title}.`);
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };
  return (
    <form className="feed-form" onSubmit={onSubmit} noValidate>
      <TextField
        label="Feed address (RSS or Atom)"
        type="url"
        placeholder="https://example.com/feed.xml"
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        error={problem}
      />
      <fieldset className="feed-form__platforms">
        <legend className="field__label">Drafts for</legend>
        {SOCIAL_PLATFORMS.map((platform) => (
          <Checkbox
            key={platform}
            label={PLATFORM_LABELS[platform]}
            checked={platforms.includes(platform)}
            onChange={(event) => toggle(platform, event.target.checked)}
          />
        ))}
      </fieldset>
      <Button type="submit" icon={<Plus size={16} aria-hidden />} pending={add.isPending}>
        Add feed
      </Button>
    </form>
  );
}

function FeedRow({ feed, zone }: { feed: Feed; zone: string }) {
  const check = useCheckFeed();
  const remove = useRemoveFeed();
  const confirm = useConfirm();
  const onCheck = () =>
    void check
      .run(feed.id)
      .then(({ newItems }) =>
        notify.success(
          newItems ? `${newItems} new entr${newItems === 1 ? 'y' : 'ies'} became drafts.` : 'Nothing new.',
        ),
      )
      .catch((error: unknown) => notify.error(errorMessage(error)));
  const onRemove = async () => {
    const ok = await confirm({
      title: `Stop following ${feed.title}?`,
      description: 'Drafts it wrote stay on the calendar.',
      confirmLabel: 'Remove feed',
      destructive: true,
    });
    if (ok) remove.mutate(feed.id, { onError: (error) => notify.error(errorMessage(error)) });
  };
  return (
    <li className="feed-row">
      <div className="feed-row__text">
        <p className="feed-row__title">{feed.title}</p>
        <p className="feed-row__url">{feed.url}</p>
        <p className="feed-row__meta">
          Drafts for {feed.platforms.map((p) => PLATFORM_LABELS[p]).join(', ')}.{' '}
          {feed.lastPolledAt ? `Last read ${formatDateTime(feed.lastPolledAt, zone)}` : 'Not read yet'}
          {feed.lastStatus ? (
            <>
              {' '}
              <Badge tone={feed.lastStatus === 'ok' ? 'success' : 'danger'}>
                {feed.lastStatus === 'ok' ? 'OK' : 'Failed'}
              </Badge>
            </>
          ) : null}
          {feed.lastMessage ? ` ${feed.lastMessage}` : null}
          {feed.nextPollAt ? ` Next read ${formatDateTime(feed.nextPollAt, zone)}.` : null}
        </p>
      </div>
      <div className="feed-row__actions">
        <Button
          variant="secondary"
          size="sm"
          icon={<RotateCw size={14} aria-hidden />}
          pending={check.isPending}
          onClick={onCheck}
        >
          Check now
        </Button>
        <Button
          variant="ghost"
          size="sm"
          icon={<Trash2 size={14} aria-hidden />}
          aria-label={`Remove ${feed.title}`}
          onClick={() => void onRemove()}
        >
          Remove
        </Button>
      </div>
    </li>
  );
}

/** The company's feeds: add one, see each one's last read, check it now, remove it. */
export function FeedsCard() {
  const zone = viewerZone();
  const list = useFeeds();
  return (
    <Card
      title="From a feed"
      description={`New entries of an RSS or Atom feed become drafts, one per platform, written by the AI. Feeds are read every ${FEED_POLL_MINUTES} minutes; entries already in a feed when you add it are left out.`}
    >
      <AddFeedForm />
      {list.isError ? <Alert type="error">{errorMessage(list.error)}</Alert> : null}
      {list.data?.length === 0 ? (
        <EmptyState compact title="No feeds yet">
          Add your blog&apos;s feed above.
        </EmptyState>
      ) : null}
      {list.data?.length ? (
        <ul className="feed-list" aria-label="Feeds">
          {list.data.map((feed) => (
            <FeedRow key={feed.id} feed={feed} zone={zone} />
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
