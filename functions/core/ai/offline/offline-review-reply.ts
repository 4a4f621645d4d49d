import type { AiCompanyContext, ReviewToReply } from '../ai-port';
import { companyFacts } from './company-facts';
import { rng } from './seeded';
import { capitalize, fill, joinList, squash } from './text';

/**
 * A public reply to a customer review: thanks by first name, an answer to what the review is
 * about (service, quality, value, speed, cleanliness, atmosphere, as the words show), an apology
 * and an offer to put it right when it is negative, and a sign-off from the team.
 */
const TOPICS: [RegExp, string, string][] = [
  [
    /\b(staff|team|service|friendly|helpful|welcom\w*|kind|rude|polite|attentive)\b/i,
    'the team',
    'the service you received',
  ],
  [
    /\b(quality|delicious|tast\w*|fresh|perfect|beautiful|excellent|amazing|great job|well done|stale|broken|cold)\b/i,
    'the quality',
    'the quality you received',
  ],
  [/\b(price|value|expensive|cheap|cost|worth|overpriced|affordable)\b/i, 'the value', 'how the price felt'],
  [/\b(wait\w*|slow|quick|fast|late|on time|delay\w*|prompt)\b/i, 'how quickly we looked after you', 'the wait'],
  [/\b(clean|dirty|tidy|mess\w*)\b/i, 'how we keep the place', 'the cleanliness'],
  [/\b(atmosphere|vibe|cosy|cozy|lovely place|noisy|music)\b/i, 'the atmosphere', 'the atmosphere'],
  [
    /\b(advice|explain\w*|knowledge\w*|expert\w*|communicat\w*)\b/i,
    'the advice and communication',
    'how we communicated',
  ],
];

/**
 * The reply speaks for the listing the review is on: its own title and place ("Sandbox Bakery
 * Soho", "London"), not the company's first location. A listing without a place names none.
 */
function replyingAs(company: AiCompanyContext, review: ReviewToReply): AiCompanyContext {
  const listing = review.listing;
  if (!listing) return company;
  const place = squash(listing.place);
  return { ...company, name: squash(listing.title) || company.name, locations: place ? [place] : [] };
}

export function offlineReviewReply(company: AiCompanyContext, review: ReviewToReply): string {
  const facts = companyFacts(replyingAs(company, review));
  const comment = squash(review.comment);
  const r = rng(facts.name, 'review', review.reviewerName ?? '', comment, review.starRating);
  const first = squash(review.reviewerName).split(' ')[0];
  const hello = first && !/^(a google user|anonymous)$/i.test(squash(review.reviewerName)) ? `${first}, t` : 'T';
  const topics = TOPICS.filter(([re]) => re.test(comment));
  const praised = joinList(topics.slice(0, 2).map(([, good]) => good));
  const criticised = joinList(topics.slice(0, 2).map(([, , bad]) => bad));
  const { we, We, us, our } = facts.voice;
  const inPlace = facts.places[0] ? ` in ${facts.places[0]}` : '';
  const vars = {
    we,
    We,
    us,
    our,
    ourselves: facts.voice.ourselves,
    name: facts.name,
    praised,
    criticised,
    site: facts.site,
  };
  const stars = Math.max(0, Math.min(5, Math.round(review.starRating)));
  const one = (templates: string[]) =>
    r
      .shuffle(templates)
      .map((t) => fill(t, vars))
      .find(Boolean) ?? '';

  let body: string[];
  if (stars >= 4 || (stars === 0 && !/\b(bad|poor|terrible|awful|disappoint\w*|never again|worst)\b/i.test(comment))) {
    body = [
      `${hello}hank you so much for ${comment ? 'your kind words' : stars === 5 ? 'the five-star review' : 'the great review'}!`,
      praised
        ? one(['It means a lot that you mentioned {praised}.', 'We are so pleased {praised} made a difference.'])
        : one(['Reviews like yours make {our} day.', 'It is lovely to hear you enjoyed it.']),
      one(
        [
          '{We} look forward to seeing you again{inPlace} soon.',
          'Hope to welcome you back to {name}{inPlace} soon.',
          'See you next time{inPlace}!',
        ].map((t) => t.replace('{inPlace}', inPlace)),
      ),
    ];
  } else if (stars === 3) {
    body = [
      `${hello}hank you for taking the time to share your feedback.`,
      criticised
        ? one([
            '{We} are glad parts of your visit went well, and {we} have noted what you said about {criticised}.',
            'Your comments about {criticised} have been shared with the team.',
          ])
        : `It sounds like ${we} did not quite hit the mark, and ${we} would like to.`,
      one([
        'If you would tell {us} a little more, {we} would love the chance to make your next visit a five-star one.',
        'Please get in touch directly so {we} can do better next time.',
      ]),
    ];
  } else {
    body = [
      `${hello}hank you for letting ${us} know, and ${we === 'I' ? 'I am' : 'we are'} sorry your experience fell short.`,
      criticised
        ? one([
            'That is not the standard {we} set for {ourselves}, especially when it comes to {criticised}.',
            'What you describe about {criticised} is not what {we} want for any customer.',
          ])
        : `That is not the standard ${we} set at ${facts.name}.`,
      facts.site
        ? `Please contact ${us} through ${facts.site} so ${we} can look into it and put things right.`
        : `Please get in touch with ${us} directly so ${we} can look into it and put things right.`,
    ];
  }
  const signOff = facts.voice.singular ? facts.name : `The ${facts.name} team`;
  return `${body
    .filter(Boolean)
    .map((s) => capitalize(s.trim()))
    .join(' ')}\n\n${signOff}`;
}
