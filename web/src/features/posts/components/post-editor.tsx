import { localParts } from '@shared/calendar-time';
import {
  BLOG_PLATFORMS,
  BLOG_TITLE_MAX,
  BLOG_TITLE_MIN,
  checkPost,
  PLATFORM_LABELS,
  SOCIAL_PLATFORMS,
  visibleLength,
  type Platform,
} from '@shared/platform-rules';
import type { Post, PostAction } from '@shared/schemas/calendar';
import { Images } from 'lucide-react';
import { lazy, Suspense, useId, useMemo, useState, type ComponentType } from 'react';
import { useNavigate } from 'react-router-dom';
import { PlatformMark } from '@/components/platform-mark';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { TextAreaField, TextField } from '@/components/ui/field';
import { addDays, today, toRouteDate } from '@/lib/dates';
import { useSubmitOnlyForm } from '@/lib/forms';
import { loadChunk } from '@/lib/load-chunk';
import { useCreatePosts, useUpdatePost } from '@/api/posts/post-calls';
import { CopyCounters } from './copy-counters';
import { editorSchema, type EditorSubmit, type EditorValues, type ScheduleParts } from './editor-form';
import { PostActions } from './post-actions';
import { SchedulePicker } from './schedule-picker';

/** The media library's picker, handed in by the app (features do not import each other). */
export type MediaPickerSlot = ComponentType<{
  multiple: boolean;
  selected: number[];
  onChange: (ids: number[]) => void;
  label?: string;
  openOnMount?: boolean;
  readOnly?: boolean;
}>;

/** Shown only when the browser refuses to copy: fetched then (with the dialog's styles), not with the editor. */
const CopyPrompt = lazy(() =>
  loadChunk(() => import('./copy-prompt-trampoline').then((m) => m.copyPrompt())).then((m) => ({
    default: m.CopyPrompt,
  })),
);

/** A WordPress post's categories and tags, read from the site: fetched with the first WordPress post shown. */
const WordPressTermsPicker = lazy(() =>
  loadChunk(() => import('./wordpress-terms-trampoline').then((m) => m.wordpressTermsPicker())),
);

/** The rules a draft breaks, a role's refusal, why publishing failed or that it is under way: fetched by the posts that have one to show. */
const EditorNotes = lazy(() => loadChunk(() => import('./editor-notes')).then((m) => ({ default: m.EditorNotes })));

/** Spec 01 §9: the post text area has 25 rows. */
const TEXT_AREA_ROWS = 25;

/** Read only, the copy takes the rows it fills (about 70 characters a row), up to the editor's 25. */
const readingRows = (text: string) =>
  Math.min(
    TEXT_AREA_ROWS,
    Math.max(
      4,
      text.split('\n').reduce((rows, line) => rows + Math.ceil((line.length || 1) / 70), 0),
    ),
  );

function initialSchedule(post: Post | undefined, zone: string): ScheduleParts {
  if (post?.scheduledAt) return localParts(post.scheduledAt, zone);
  return { day: toRouteDate(addDays(today(zone), 1)), time: '09:00' };
}

/**
 * Writes one post (editing) or a group of siblings (creating): platforms, a blog's title, the
 * copy with a counter per platform, media, the schedule, and the actions its status allows.
 * Rules are checked on submit; a draft may break them (it then shows why), a scheduled or
 * published post may not, and the server says so with the same sentences. `readOnly` (a role that
 * may not change content) shows the post as a published one is shown: no inputs to change, no actions.
 */
export function PostEditor({
  kind,
  post,
  zone,
  mediaPicker: MediaPicker,
  readOnly = false,
}: {
  kind: 'social' | 'blog';
  post?: Post;
  zone: string;
  mediaPicker: MediaPickerSlot;
  readOnly?: boolean;
}) {
  const navigate = useNavigate();
  const create = useCreatePosts();
  const update = useUpdatePost();
  const choices: readonly Platform[] = kind === 'blog' ? BLOG_PLATFORMS : SOCIAL_PLATFORMS;
  const schema = useMemo(() => editorSchema(zone), [zone]);
  const form = useSubmitOnlyForm<EditorValues, EditorSubmit>(schema, {
    action: 'save',
    // An edited post's platforms are its own one.
    platforms: post ? [post.platform] : [],
    subject: post?.subject ?? '',
    content: post?.content ?? '',
    files: post?.files ?? [],
    wordpress: post?.wordpress,
    scheduledAt: initialSchedule(post, zone),
  });
  const { errors } = form;
  const { platforms, subject, content, files } = form.values;
  const setFiles = (ids: number[]) => form.setValue('files', ids);
  const terms = form.bind('wordpress');
  const schedule = form.bind('scheduledAt');
  const toWordPress = platforms.includes('wordpress');
  const [mediaWanted, setMediaWanted] = useState(false);
  const mediaLabel = kind === 'blog' ? 'Choose an image' : 'Add media';
  const [pending, setPending] = useState<PostAction | null>(null);
  const [manualCopy, setManualCopy] = useState<string | null>(null);
  const platformsId = useId();
  const published = post?.status === 'published' || post?.status === 'in-progress';
  const locked = published || readOnly;

  const check = post ? checkPost({ platform: post.platform, content, files, subject }) : undefined;

  /**
   * Save, Schedule or Publish Now: the editor's checks for that action, then what submit-post.ts
   * does. The actions are held from then on, while that chunk loads the first time too, so a second
   * click cannot send the post twice.
   */
  const submit = (action: PostAction) =>
    void form.handleSubmit(
      async (values) => {
        setPending(action);
        try {
          await (
            await import('../submit-post')
          ).submitPost(values, {
            kind,
            post,
            create: create.mutateAsync,
            update: (id, body) => update.mutateAsync({ id, body }),
            open: (path) => navigate(path, { replace: true }),
            showManualCopy: setManualCopy,
            setErrors: form.setErrors,
          });
        } finally {
          setPending(null);
        }
      },
      { action },
    )();

  const counted = post ? [post.platform] : platforms;
  return (
    <form
      className="post-editor"
      onSubmit={(event) => {
        event.preventDefault();
      }}
      noValidate
    >
      <div className="post-editor__main">
        <Card>
          {post ? null : (
            <fieldset
              className="platform-picker"
              aria-describedby={errors.platforms ? `${platformsId}-error` : undefined}
            >
              <legend className="field__label">Platforms</legend>
              <div className="platform-picker__options">
                {choices.map((platform, i) => {
                  const on = platforms.includes(platform);
                  return (
                    <label key={platform} className={['platform-option', on ? 'platform-option--on' : ''].join(' ')}>
                      <input
                        type="checkbox"
                        ref={i === 0 ? form.inputRef('platforms') : undefined}
                        checked={on}
                        onChange={() =>
                          form.setValue(
                            'platforms',
                            on ? platforms.filter((p) => p !== platform) : [...platforms, platform],
                          )
                        }
                      />
                      <PlatformMark platform={platform} size="md" />
                      <span aria-hidden>{PLATFORM_LABELS[platform]}</span>
                    </label>
                  );
                })}
              </div>
              {errors.platforms ? (
                <p className="field__error" id={`${platformsId}-error`} role="alert">
                  {errors.platforms}
                </p>
              ) : null}
            </fieldset>
          )}
          {kind === 'blog' ? (
            <TextField
              label="Title"
              {...form.register('subject')}
              disabled={locked}
              error={errors.subject}
              hint={`${visibleLength(subject.trim())} characters; ${BLOG_TITLE_MIN} to ${BLOG_TITLE_MAX}.`}
            />
          ) : null}
          <TextAreaField
            label={kind === 'blog' ? 'Content' : 'Post copy'}
            rows={readOnly ? readingRows(content) : TEXT_AREA_ROWS}
            {...form.register('content')}
            disabled={locked}
            error={errors.content}
          />
          <CopyCounters platforms={counted} content={content} />
        </Card>
        <Card title="Media" description={kind === 'blog' ? 'One image for the blog post.' : undefined}>
          {locked ? (
            files.length ? (
              // The thumbnails are the media feature's chunk: a loading mark until they come, never a count in words.
              <Suspense fallback={<Spinner label="Loading media" />}>
                <MediaPicker multiple={kind === 'social'} selected={files} onChange={setFiles} readOnly />
              </Suspense>
            ) : (
              <p className="muted">No media.</p>
            )
          ) : files.length || mediaWanted ? (
            <Suspense
              fallback={
                <Button variant="secondary" icon={<Images size={16} aria-hidden />} pending>
                  {mediaLabel}
                </Button>
              }
            >
              <MediaPicker
                multiple={kind === 'social'}
                selected={files}
                onChange={setFiles}
                label={mediaLabel}
                openOnMount={mediaWanted && !files.length}
              />
            </Suspense>
          ) : (
            // The picker is the media feature's chunk: a post without media loads it when asked.
            <Button
              ref={form.inputRef('files')}
              variant="secondary"
              icon={<Images size={16} aria-hidden />}
              onClick={() => setMediaWanted(true)}
            >
              {mediaLabel}
            </Button>
          )}
          {errors.files ? (
            <p className="field__error" role="alert">
              {errors.files}
            </p>
          ) : null}
        </Card>
        {toWordPress ? (
          <Suspense fallback={null}>
            <WordPressTermsPicker value={terms.value} onChange={terms.onChange} disabled={locked} />
          </Suspense>
        ) : null}
      </div>
      <aside className="post-editor__side">
        {post &&
        ((check && !check.valid && !locked) ||
          (readOnly && !published) ||
          (post.error && post.status === 'failed') ||
          post.publish ||
          post.status === 'in-progress') ? (
          <Suspense fallback={null}>
            <EditorNotes
              post={post}
              problems={check && !locked ? check.problems : []}
              readOnly={readOnly}
              pending={pending}
              onRetry={() => submit('publish')}
            />
          </Suspense>
        ) : null}
        <Card title="Schedule" description={`Times in ${zone}.`}>
          {readOnly && !post?.scheduledAt ? (
            <p className="muted">Not scheduled.</p>
          ) : (
            <SchedulePicker
              day={schedule.value.day}
              time={schedule.value.time}
              zone={zone}
              disabled={locked}
              error={errors.scheduledAt}
              onChange={schedule.onChange}
              timeRef={form.inputRef('scheduledAt')}
            />
          )}
        </Card>
        {readOnly ? null : <PostActions status={post?.status} pending={pending} onAction={submit} />}
      </aside>
      {manualCopy !== null ? (
        <Suspense fallback={null}>
          <CopyPrompt text={manualCopy} onClose={() => setManualCopy(null)} />
        </Suspense>
      ) : null}
    </form>
  );
}
