import { calendarFormMessages } from '@shared/schemas/calendar';
import { generateMessages } from '@shared/schemas/calendar-generate';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import GenerateDialog from '@/features/calendar/components/generate-dialog';

const render = () =>
  renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: new QueryClient() },
      createElement(
        MemoryRouter,
        null,
        createElement(GenerateDialog, { kind: 'social', zone: 'Europe/Lisbon', onClose: () => undefined }),
      ),
    ),
  );

describe('the Generate... dialog as it opens', () => {
  it('says nothing is missing before the user has touched the form, and Generate waits', () => {
    const html = render();
    expect(html).not.toContain(calendarFormMessages.platformsRequired);
    expect(html).not.toContain(generateMessages.dateRangeRequired);
    expect(html).not.toContain('field__error');
    expect(html).toContain('Choose one or more.');
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""[^>]*>Generate<\/button>/);
  });
});
