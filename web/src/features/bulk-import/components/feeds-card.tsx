import { PLATFORM_LABELS, SOCIAL_PLATFORMS, type SocialPlatform } from '@shared/platforms';
import { addFeedSchema, FEED_POLL_MINUTES, type Feed } from '@shared/schemas/feeds';
import { Plus, RotateCw, Trash2 } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Checkbox, TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, viewerZone } from '@/lib/format-date';
import { applyServerErrors, useSubmitOnlyForm } from '@/lib/forms';
import { notify } from '@/lib/toast';
import { useAddFeed, useCheckFeed, useFeeds, useRemoveFeed } from '@/api/imports/feeds';

function AddFeedForm() {
  const add = useAddFeed();
  const form = useSubmitOnlyForm(addFeedSchema, { url: '', platforms: ['facebook', 'linkedin'] as SocialPlatform[] });
  const platforms = form.bind('platforms');
  const onSubmit = form.handleSubmit(async (feed) => {
    try {
      const added = await add.mutateAsync(feed);
      form.reset({ url: '', platforms: feed.platforms });
      notify.success(`Following ${added.title}.`);
    } catch (error) {
      // A refusal of the address (not a feed, unreachable) goes under it, as the server words it.
      if (!applyServerErrors(error, form.setErrors, ['url', 'platforms'])) form.setErrors({ url: errorMessage(error) });
    }
  });
  return (
    <form className="feed-form" onSubmit={onSubmit} noValidate>
      <TextField
        label="Feed address (RSS or Atom)"
        type="url"
        placeholder="https://example.com/feed.xml"
        error={form.errors.url}
        {...form.register('url')}
      />
      <fieldset className="feed-form__platforms">
        <legend className="field__label">Drafts for</legend>
        {SOCIAL_PLATFORMS.map((platform, i) => (
          <Checkbox
            key={platform}
            ref={i === 0 ? platforms.inputRef : undefined}
            label={PLATFORM_LABELS[platform]}
            checked={platforms.value.includes(platform)}
            onChange={(event) =>
              platforms.onChange(
                event.target.checked ? [...platforms.value, platform] : platforms.value.filter((p) => p !== platform),
              )
            }
          />
        ))}
        {form.errors.platforms ? (
          <p className="field__error" role="alert">
            {form.errors.platforms}
          </p>
        ) : null}
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
