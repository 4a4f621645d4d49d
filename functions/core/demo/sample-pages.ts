/**
 * The sample website's pages: a small bakery as a newcomer might run one, with its copy, a
 * schema.org LocalBusiness, a blog, and a few of the defects real small sites have, so the
 * overview reader, keyword research and the SEO report all have something true to say.
 * Planted on purpose: an image without alt text, a link to a page that is gone, a page without
 * a meta description, two pages sharing a title, and a sitemap page nothing links to.
 */
const BUSINESS = {
  name: 'Harbourside Sourdough',
  street: '14 Quay Street',
  city: 'Bristol',
  postcode: 'BS1 4DB',
  phone: '+44 117 496 0123',
};

export interface Page {
  title: string;
  description?: string;
  heading: string;
  body: string[];
  images?: { src: string; alt?: string }[];
  links?: [string, string][];
}

const NAV: [string, string][] = [
  ['/', 'Home'],
  ['/menu/', 'Menu'],
  ['/about/', 'Our story'],
  ['/visit/', 'Visit us'],
  ['/blog/', 'Journal'],
];

const paragraph = (topic: string, detail: string) =>
  `We bake ${topic} every morning in our wood-fired oven on the quay. ${detail} Everything is made by hand from organic flour milled in the West Country, with long, slow fermentation for flavour and a crust that crackles. Order ahead for collection, or drop in and say hello while the loaves are still warm.`;

export const SAMPLE_PAGES: Record<string, Page> = {
  '/': {
    title: `${BUSINESS.name} | Artisan bakery in ${BUSINESS.city}`,
    description: `${BUSINESS.name} bakes slow-fermented sourdough, cardamom buns and celebration cakes every morning on ${BUSINESS.street}, ${BUSINESS.city}. Order ahead for collection.`,
    heading: `Sourdough, buns and cakes, baked on the quay in ${BUSINESS.city}`,
    body: [
      paragraph(
        'sourdough loaves, rye and seeded bread',
        'Our bestseller is the country white, fermented for 36 hours.',
      ),
      paragraph(
        'cardamom buns, cinnamon knots and seasonal pastries',
        'Weekends bring almond croissants and fruit tarts.',
      ),
      'Celebration cakes are made to order with a week’s notice: tell us the occasion, the flavours and how many guests, and we will design it with you.',
    ],
    images: [
      { src: '/images/country-loaf.svg', alt: 'A country sourdough loaf on a wooden board' },
      { src: '/images/buns.svg' },
    ],
    links: [
      ['/menu/', 'See today’s menu'],
      ['/order/', 'Order a celebration cake'],
    ],
  },
  '/menu/': {
    title: `Menu | ${BUSINESS.name}`,
    description: 'Today’s bread, buns, pastries and cakes at Harbourside Sourdough, with prices and allergens.',
    heading: 'Today’s menu',
    body: [
      'Country white sourdough £5.20 · Seeded rye £5.80 · Spelt and honey £6.00 · Cardamom bun £3.20 · Cinnamon knot £3.00 · Almond croissant (weekends) £3.60.',
      paragraph(
        'the same bread for wholesale customers',
        'Cafés and restaurants in Bristol can order by 2pm for delivery the next morning.',
      ),
    ],
    images: [{ src: '/images/menu-board.svg', alt: 'The chalk menu board above the counter' }],
  },
  '/about/': {
    title: `Menu | ${BUSINESS.name}`,
    description: 'How a home baker’s starter became a bakery on the Bristol harbourside.',
    heading: 'Our story',
    body: [
      'Harbourside Sourdough began in 2016 with a starter named Brunel and a market stall on Saturdays. Today a team of six bakes through the night so the shelves are full when we open at seven.',
      paragraph('for our neighbours first', 'We give what is left at closing to the food bank on Jacob’s Wells Road.'),
    ],
  },
  '/visit/': {
    title: `Visit us | ${BUSINESS.name}`,
    heading: 'Visit the bakery',
    body: [
      `Find us at ${BUSINESS.street}, ${BUSINESS.city} ${BUSINESS.postcode}, two minutes from the ferry stop. Open Tuesday to Sunday, 7am to 3pm. Call ${BUSINESS.phone}.`,
      'There is step-free access, and dogs are welcome at the tables outside.',
    ],
    links: [['/price-list-2023/', 'Last year’s price list']],
  },
  '/order/': {
    title: `Order a celebration cake | ${BUSINESS.name}`,
    description: 'Order a celebration cake from Harbourside Sourdough: flavours, sizes and how to book.',
    heading: 'Celebration cakes',
    body: [
      'Sponge, chocolate, lemon and elderflower or carrot cake, from 6 to 40 portions. Tell us the date, the flavours and a message, and we will confirm by email within a day.',
    ],
  },
  '/blog/': {
    title: `Journal | ${BUSINESS.name}`,
    description: 'Notes from the bakery: starters, flours, seasonal bakes and the people we bake with.',
    heading: 'Journal',
    body: ['Notes from the bakery, written between bakes.'],
    links: [['/blog/keeping-a-sourdough-starter/', 'How to keep a sourdough starter alive']],
  },
  '/blog/keeping-a-sourdough-starter/': {
    title: `How to keep a sourdough starter alive | ${BUSINESS.name}`,
    description: 'Feeding, storing and reviving a sourdough starter at home, from the bakers at Harbourside Sourdough.',
    heading: 'How to keep a sourdough starter alive',
    body: [
      'Feed it equal weights of flour and water once a day if it lives on the counter, once a week if it lives in the fridge. A starter that smells of nail varnish is hungry, not dead.',
      paragraph(
        'with a starter that is older than the bakery',
        'Bring yours in and we will top it up with a spoonful of Brunel.',
      ),
    ],
  },
  '/seasonal-specials/': {
    title: `Seasonal specials | ${BUSINESS.name}`,
    description: 'Hot cross buns at Easter, stollen at Christmas and summer fruit tarts.',
    heading: 'Seasonal specials',
    body: ['Hot cross buns from Lent, stollen from Advent, and tarts with whatever fruit the season brings.'],
  },
};

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const schemaOrg = (origin: string) =>
  JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Bakery',
    name: BUSINESS.name,
    url: `${origin}/`,
    telephone: BUSINESS.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: BUSINESS.street,
      addressLocality: BUSINESS.city,
      postalCode: BUSINESS.postcode,
      addressCountry: 'GB',
    },
  });

/** One page as HTML, its links absolute-path, its JSON-LD naming the site's own origin. */
export function renderPage(path: string, page: Page, origin: string): string {
  const nav = NAV.map(([href, label]) => `<a href="${href}">${escape(label)}</a>`).join(' · ');
  const images = (page.images ?? [])
    .map(
      (image) => `<img src="${image.src}"${image.alt ? ` alt="${escape(image.alt)}"` : ''} width="640" height="400">`,
    )
    .join('\n');
  const links = (page.links ?? []).map(([href, label]) => `<li><a href="${href}">${escape(label)}</a></li>`).join('');
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(page.title)}</title>
${page.description ? `<meta name="description" content="${escape(page.description)}">` : ''}
<link rel="canonical" href="${origin}${path}">
<script type="application/ld+json">${schemaOrg(origin)}</script>
</head>
<body>
<header><nav>${nav}</nav></header>
<main>
<h1>${escape(page.heading)}</h1>
${page.body.map((p) => `<p>${escape(p)}</p>`).join('\n')}
${images}
${links ? `<ul>${links}</ul>` : ''}
</main>
<footer><p>${escape(BUSINESS.name)}, ${escape(BUSINESS.street)}, ${escape(BUSINESS.city)} ${escape(BUSINESS.postcode)}</p></footer>
</body>
</html>`;
}

/** A plain illustration for each image path (the site's pictures, drawn rather than shipped). */
export const imageSvg = (label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400" viewBox="0 0 640 400"><rect width="640" height="400" fill="#e9d8b4"/><circle cx="320" cy="200" r="120" fill="#b5793a"/><text x="320" y="370" font-family="sans-serif" font-size="24" text-anchor="middle" fill="#4a2f12">${escape(label)}</text></svg>`;
