import { describe, expect, it } from 'vitest';
import { offlineOverview } from '../../functions/core/ai/offline/offline-overview';
import { sampleSiteAnswer } from '../../functions/core/demo/sample-site';
import { extractSite } from '../../functions/core/onboarding/website-extract';

const BAKERY = `<!doctype html><html><head>
<title>Home | Rosa&#39;s Sourdough Bakery</title>
<meta name="description" content="Slow-fermented sourdough &amp; cardamom buns, baked every morning in Bristol.">
<meta property="og:site_name" content="Rosa's (OG)">
<script type="application/ld+json">{"@context":"https://schema.org","@graph":[
  {"@type":"WebSite","name":"Not the business","address":"nowhere"},
  {"@type":"Bakery","name":"Rosa's Sourdough Bakery",
   "address":{"@type":"PostalAddress","streetAddress":"12 Gloucester Road","addressLocality":"Bristol","postalCode":"BS7 8AA","addressCountry":{"@type":"Country","name":"GB"}},
   "areaServed":[{"@type":"City","name":"Bath"},"Clifton"]}]}</script>
<script type="application/ld+json">{ this is broken json</script>
<style>.hero { color: red }</style>
</head><body>
<nav><a href="/">Home</a><a href="/menu">Menu</a></nav>
<h1>Real bread, <em>baked</em> before sunrise</h1>
<p>We are a family bakery on Gloucester Road.</p><p>Every loaf rests for 36 hours before it meets the oven.</p>
<h2>Celebration cakes</h2><h3>Celebration cakes</h3><h4>Not a heading we keep</h4>
<script>var hidden = "tracking code";</script><noscript>Enable JavaScript please now</noscript>
<template><p>Template text never shown here</p></template>
</body></html>`;

describe('extractSite', () => {
  const site = extractSite(BAKERY, 'https://rosas.example/');

  it('reads the title and meta description with entities decoded', () => {
    expect(site.url).toBe('https://rosas.example/');
    expect(site.title).toBe("Home | Rosa's Sourdough Bakery");
    expect(site.metaDescription).toBe('Slow-fermented sourdough & cardamom buns, baked every morning in Bristol.');
  });

  it('keeps h1 to h3 once each, inline markup included, in page order', () => {
    expect(site.headings).toEqual(['Real bread, baked before sunrise', 'Celebration cakes']);
  });

  it('takes the business from schema.org JSON-LD (a LocalBusiness subtype in @graph), not the WebSite node', () => {
    expect(site.schemaName).toBe("Rosa's Sourdough Bakery");
    expect(site.schemaAddresses).toEqual(['12 Gloucester Road, Bristol BS7 8AA, GB', 'Bath', 'Clifton']);
  });

  it('keeps the visible text without scripts, styles, noscript, templates or menu words, blocks not glued together', () => {
    expect(site.text).toContain('We are a family bakery on Gloucester Road.\nEvery loaf rests for 36 hours');
    for (const hidden of ['tracking code', 'color: red', 'Enable JavaScript', 'Template text', 'this is broken']) {
      expect(site.text).not.toContain(hidden);
    }
    expect(site.text?.split('\n')).not.toContain('Menu');
  });

  it('falls back to og:site_name and og:description, and reads a body whose head was never closed', () => {
    const bare = extractSite(
      '<html><head><meta property="og:site_name" content="Leeds Bike Doctor"><meta property="og:description" content="Bike repairs while you wait in Leeds."><body><p>We fix bikes the same day in Leeds and Harrogate.</p></body></html>',
      'https://bikes.example',
    );
    expect(bare.schemaName).toBe('Leeds Bike Doctor');
    expect(bare.metaDescription).toBe('Bike repairs while you wait in Leeds.');
    expect(bare.text).toBe('We fix bikes the same day in Leeds and Harrogate.');
    expect(bare.title).toBeNull();
  });

  it('an Organization with an address beats a bare one; a page without JSON-LD has no schema facts', () => {
    const two = extractSite(
      `<script type="application/ld+json">[{"@type":"Organization","name":"Parent Group"},{"@type":["Dentist"],"name":"Smile Clinic","address":"3 Park Row, Leeds LS1 5HD"}]</script>`,
      'https://smile.example',
    );
    expect(two.schemaName).toBe('Smile Clinic');
    expect(two.schemaAddresses).toEqual(['3 Park Row, Leeds LS1 5HD']);
    const none = extractSite('<p>Just some words here.</p>', 'https://plain.example');
    expect(none.schemaName).toBeNull();
    expect(none.schemaAddresses).toEqual([]);
  });

  it('caps the text it keeps', () => {
    const long = extractSite(`<p>${'Fresh bread every single morning. '.repeat(5000)}</p>`, 'https://long.example');
    expect(long.text!.length).toBeLessThanOrEqual(20_000);
  });

  it('gives the offline generator enough to write the overview the wizard shows', () => {
    const overview = offlineOverview(site);
    expect(overview.name).toBe("Rosa's Sourdough Bakery");
    expect(overview.locations).toEqual(expect.arrayContaining(['Bristol', 'Bath']));
    expect(overview.description.length).toBeGreaterThanOrEqual(80);
    expect(overview.description).toContain('sourdough');
  });

  it('keeps a heading and the paragraph under it apart: the place is "Bristol", never "Bristol We" or "BristolWe"', () => {
    const page = extractSite(
      '<body><h1>Sourdough, buns and cakes, baked on the quay in Bristol</h1><p>We bake every morning on the quay.</p></body>',
      'https://quay.example/',
    );
    expect(page.headings).toEqual(['Sourdough, buns and cakes, baked on the quay in Bristol']);
    expect(page.text?.split('\n')).toEqual([
      'Sourdough, buns and cakes, baked on the quay in Bristol',
      'We bake every morning on the quay.',
    ]);
    const overview = offlineOverview(page);
    expect(overview.locations).toEqual(['Bristol']);
    expect(overview.description).not.toMatch(/Bristol\s*We/);
  });

  it('reads the sample website as one place, Bristol, with nothing glued across its blocks', () => {
    const origin = 'http://127.0.0.1:43675';
    const sample = extractSite(sampleSiteAnswer('/', origin).body, `${origin}/`);
    expect(sample.text).toContain('baked on the quay in Bristol\nWe bake');
    const overview = offlineOverview(sample);
    expect(overview.locations).toEqual(['Bristol']);
    expect(JSON.stringify(overview)).not.toMatch(/Bristol(\s|\\n)*We\b/);
    // The site's address is a loopback one here: the overview names the business, not the host.
    expect(JSON.stringify(overview)).not.toMatch(/127\.0\.0\.1|localhost|:\d{2,5}\b/);
  });

  it('separates list items, line breaks and cells, keeps inline markup and links inside a sentence, leaves menus out', () => {
    const page = extractSite(
      `<body><nav><a href="/">Home</a><a href="/menu">Menu</a><a href="/visit">Visit the bakery today</a></nav>
      <h2>Bread, buns and cakes<br>from the wood-fired oven</h2><h3>Bris<b>tol</b>’s favourite bakery</h3>
      <ul><li>Country white sourdough loaf</li><li>Seeded rye with honey</li></ul>
      <p>14 Quay Street<br>Bristol BS1 4DB, near the ferry</p>
      <table><tr><td>Open Tuesday to Sunday</td><td>Closed on Mondays all year</td></tr></table>
      <p>Order your cake <a href="/order">online</a> or call us.</p></body>`,
      'https://quay.example/',
    );
    expect(page.headings).toEqual(['Bread, buns and cakes from the wood-fired oven', 'Bristol’s favourite bakery']);
    expect(page.text?.split('\n')).toEqual([
      'Bread, buns and cakes',
      'from the wood-fired oven',
      'Bristol’s favourite bakery',
      'Country white sourdough loaf',
      'Seeded rye with honey',
      '14 Quay Street',
      'Bristol BS1 4DB, near the ferry',
      'Open Tuesday to Sunday',
      'Closed on Mondays all year',
      'Order your cake online or call us.',
    ]);
  });
});
