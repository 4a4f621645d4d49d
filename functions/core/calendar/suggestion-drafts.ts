import type { SocialPlatform } from '@shared/platforms';
import type { Platform } from '@shared/platform-rules';
import { suggestionMessages, type SuggestionDraft, type SuggestionList } from '@shared/schemas/calendar-suggestions';
import { getCompany } from '../companies/company-store';
import { DomainError, notFound } from '../errors';
import { getConnection } from '../integrations/connection-store';
import { keys } from '../table/keys';
import { currentIdeas, emptyReason, type Idea } from './audit-suggestions';
import { posts } from '../posts/post-entity';
import { reservePostIds } from '../posts/post-ids';
import { postsByIds, writeImportedGroup } from '../posts/post-store';
import { draftCopy } from './suggestion-outlines';
import { suggestionDrafts, type SuggestionDraftItem } from './suggestion-draft-entity';

/**
 * Audit ideas and the one draft each may become (docs/features/audit-to-content.md). A draft
 * is an ordinary post, written by the post store as an import's is (a reserved id, written once).
 */

/** The company's ideas, each with the draft made from it while that draft exists. */
export async function listSuggestions(companyId: number): Promise<SuggestionList> {
  const current = await currentIdeas(companyId);
  const links = current.ideas.length
    ? await suggestionDrafts.batchGet(current.ideas.map((idea) => keys.suggestionDraft(companyId, idea.id)))
    : [];
  const existing = new Set(
    (
      await postsByIds(
        companyId,
        links.map((l) => l.postId),
      )
    ).map((p) => p.id),
  );
  const postOf = new Map(links.filter((l) => existing.has(l.postId)).map((l) => [l.suggestionId, l.postId]));
  return {
    auditId: current.audit?.id ?? null,
    finishedAt: current.audit?.finishedAt ?? null,
    suggestions: current.ideas.map(({ page: _page, volume: _volume, ...idea }) => ({
      ...idea,
      postId: postOf.get(idea.id) ?? null,
    })),
    reason: emptyReason(current),
  };
}

/** Social ideas go to a connected platform that takes a post without an image, else Facebook. */
const SOCIAL_CHOICES: SocialPlatform[] = ['facebook', 'linkedin', 'threads'];

async function platformFor(companyId: number, idea: Idea): Promise<Platform> {
  if (idea.format === 'blog') return 'wordpress';
  const connected = await Promise.all(SOCIAL_CHOICES.map((p) => getConnection(companyId, p)));
  return SOCIAL_CHOICES[connected.findIndex(Boolean)] ?? 'facebook';
}

const postExists = async (companyId: number, postId: number) =>
  !!(await posts.get(keys.post(companyId, postId), { consistent: true }));

/**
 * Records the idea's draft id before the post is written: absent, or (`replacing`) still naming
 * the deleted draft it replaces. Of two requests one wins; the other reads the winner's.
 */
async function claim(
  companyId: number,
  suggestionId: string,
  replacing: SuggestionDraftItem | undefined,
): Promise<SuggestionDraftItem | undefined> {
  const [postId] = await reservePostIds(1);
  if (postId === undefined) throw new Error('No post id was reserved');
  const item: SuggestionDraftItem = {
    companyId,
    suggestionId,
    postId,
    done: false,
    claimedAt: new Date().toISOString(),
  };
  const written = replacing
    ? await suggestionDrafts.put(item, {
        onlyIf: {
          expression: '#draftId = :old',
          names: { '#draftId': 'postId' },
          values: { ':old': replacing.postId },
        },
      })
    : await suggestionDrafts.put(item, { ifAbsent: true });
  return written ? item : undefined;
}

/** Writes the claimed draft unless it is there already (another request, or the one a crash cut off, wrote it). */
async function writeDraft(companyId: number, link: SuggestionDraftItem, idea: Idea, platform: Platform) {
  const company = await getCompany(companyId);
  const copy = draftCopy(idea, company?.name ?? 'our team');
  try {
    await writeImportedGroup(
      companyId,
      [link.postId],
      {
        platforms: [platform],
        subject: copy.subject,
        content: copy.content,
        files: [],
        action: 'save',
        scheduledAt: null,
      },
      new Date(),
    );
  } catch (error) {
    // Two requests finishing one claim at once: the other wrote it first, which is the same post.
    if (!(error instanceof DomainError && error.kind === 'conflict')) throw error;
  }
  await suggestionDrafts.change(keys.suggestionDraft(companyId, link.suggestionId), {
    set: { done: true },
    when: { expression: '#draftId = :id', names: { '#draftId': 'postId' }, values: { ':id': link.postId } },
  });
}

/**
 * The idea's one draft: made now (created), or the one made before while it exists. An id that
 * is not among the company's current ideas is a 404. A deleted draft may be made again.
 */
export async function draftFromSuggestion(
  companyId: number,
  suggestionId: string,
): Promise<{ draft: SuggestionDraft; created: boolean }> {
  const { ideas } = await currentIdeas(companyId);
  const idea = ideas.find((i) => i.id === suggestionId);
  if (!idea) throw notFound(suggestionMessages.notFound);
  const key = keys.suggestionDraft(companyId, suggestionId);

  // A few rounds: each lost race means another request's claim is now there to read.
  for (let round = 0; round < 4; round++) {
    const link = await suggestionDrafts.get(key, { consistent: true });
    let mine: SuggestionDraftItem | undefined;
    if (!link) mine = await claim(companyId, suggestionId, undefined);
    else if (link.done && !(await postExists(companyId, link.postId)))
      mine = await claim(companyId, suggestionId, link);
    else {
      const post = await posts.get(keys.post(companyId, link.postId), { consistent: true });
      if (!link.done || !post)
        await writeDraft(companyId, link, idea, post?.platform ?? (await platformFor(companyId, idea)));
      const written = post ?? (await posts.get(keys.post(companyId, link.postId), { consistent: true }));
      if (!written) throw new Error('The draft of an audit idea was not written');
      return { draft: { suggestionId, postId: written.id, platform: written.platform }, created: false };
    }
    if (!mine) continue;
    const platform = await platformFor(companyId, idea);
    await writeDraft(companyId, mine, idea, platform);
    return { draft: { suggestionId, postId: mine.postId, platform }, created: true };
  }
  throw new Error('An audit idea kept being claimed by other requests');
}
