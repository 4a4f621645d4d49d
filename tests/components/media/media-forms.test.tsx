import { contentContracts } from '@shared/contracts/content';
import { mediaFileSchema } from '@shared/schemas/media';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { GenerateDialog } from '@/features/media/components/generate-dialog';
import { ImportUrlDialog } from '@/features/media/components/import-url-dialog';
import MediaEditRoute from '@/features/media/routes/media-edit';
import { failure, held, ok, type FakeApi } from '../support/fake-api';
import { signedIn } from '../support/fixtures';
import { renderPage } from '../support/render';

const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);
const file = mediaFileSchema.parse({
  id: 31,
  type: 'image',
  filename: 'loaf.jpg',
  description: 'A sourdough loaf',
  extension: 'jpg',
  url: 'https://media.example/loaf.jpg',
  thumbnails: { '256': 'https://media.example/loaf-256.jpg', full: 'https://media.example/loaf.jpg' },
  isUsed: false,
});
const withUser = (answers?: (api: FakeApi) => void) => (api: FakeApi) => {
  signedIn(api);
  answers?.(api);
};

describe('the import-from-URL dialog', () => {
  const open = (answers?: (api: FakeApi) => void, onClose = vi.fn()) =>
    renderPage(<ImportUrlDialog open onClose={onClose} />, { answers: withUser(answers) });

  it("says 'Enter a valid URL address' for an empty address, and sends nothing", async () => {
    const { user, api } = open();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(alerts()).toEqual(['Enter a valid URL address']);
    expect(api.sent(contentContracts.import)).toEqual([]);
  });

  it('sends the address, shows Importing… disabled while it waits, and closes once added', async () => {
    const answer = held();
    const onClose = vi.fn();
    const { user, api } = open(
      (api) =>
        api.on(contentContracts.import, async () => {
          await answer.promise;
          return { status: 201, body: file };
        }),
      onClose,
    );
    await user.type(screen.getByLabelText('Address'), ' https://photos.example/loaf.jpg ');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(api.bodies(contentContracts.import)).toEqual([{ url: 'https://photos.example/loaf.jpg' }]);
    expect(screen.getByRole('button', { name: 'Importing…' })).toHaveProperty('disabled', true);
    answer.release();
    expect(await screen.findByText('loaf.jpg added to your media library')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's sentences under the field: a file too large, an unsupported type", async () => {
    const { user, api } = open((api) =>
      api.on(
        contentContracts.import,
        failure(422, 'Some fields are not valid.', [{ path: 'url', message: 'File is larger than 20MB' }]),
      ),
    );
    await user.type(screen.getByLabelText('Address'), 'https://photos.example/huge.jpg');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'File is larger than 20MB');
    api.on(contentContracts.import, failure(400, 'Unsupported file type'));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await vi.waitFor(() => expect(alerts()).toEqual(['Unsupported file type']));
  });
});

describe('the generate-image dialog', () => {
  const open = (answers?: (api: FakeApi) => void, onClose = vi.fn()) =>
    renderPage(<GenerateDialog open onClose={onClose} />, { answers: withUser(answers) });

  it("says 'Please describe the image you want.' for an empty prompt, and sends nothing", async () => {
    const { user, api } = open();
    await user.type(screen.getByLabelText('Prompt'), '   ');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(alerts()).toEqual(['Please describe the image you want.']);
    expect(api.sent(contentContracts.generate)).toEqual([]);
  });

  it('sends the prompt and the chosen style, Generating… disabled while it waits', async () => {
    const answer = held();
    const onClose = vi.fn();
    const { user, api } = open(
      (api) =>
        api.on(contentContracts.generate, async () => {
          await answer.promise;
          return { status: 201, body: { urls: [file.url], files: [file] } };
        }),
      onClose,
    );
    await user.type(screen.getByLabelText('Prompt'), 'A bakery window at dawn');
    await user.click(screen.getByLabelText('Anime'));
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(api.bodies(contentContracts.generate)).toEqual([{ prompt: 'A bakery window at dawn', style_type: 'ANIME' }]);
    expect(screen.getByRole('button', { name: 'Generating…' })).toHaveProperty('disabled', true);
    answer.release();
    expect(await screen.findByText('Image added to your media library')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's refusal under the prompt", async () => {
    const { user } = open((api) =>
      api.on(contentContracts.generate, failure(503, 'Image generation is not available right now.')),
    );
    await user.type(screen.getByLabelText('Prompt'), 'A bakery window at dawn');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Image generation is not available right now.',
    );
  });
});

describe('the media edit page', () => {
  const open = (answers?: (api: FakeApi) => void) =>
    renderPage(<MediaEditRoute />, {
      path: '/media/:id',
      url: '/media/31',
      answers: withUser((api) => {
        api.on(contentContracts.batch, ok([file]));
        answers?.(api);
      }),
    });

  it("says 'File name is required.', keeps Save off until something changed, and sends nothing", async () => {
    const { user, api } = open();
    const save = await screen.findByRole('button', { name: 'Save changes' });
    expect(save).toHaveProperty('disabled', true);
    await user.clear(screen.getByLabelText('File name'));
    expect(save).toHaveProperty('disabled', false);
    await user.click(save);
    expect(alerts()).toEqual(['File name is required.']);
    expect(api.sent(contentContracts.update)).toEqual([]);
  });

  it('sends the new name and description, holding Save while it waits', async () => {
    const answer = held();
    const { user, api } = open((api) =>
      api.on(contentContracts.update, async () => {
        await answer.promise;
        return ok({ ...file, filename: 'bread.jpg' });
      }),
    );
    await screen.findByRole('button', { name: 'Save changes' });
    const name = screen.getByLabelText('File name');
    await user.clear(name);
    await user.type(name, 'bread.jpg');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const [sent] = api.sent(contentContracts.update);
    expect(sent?.path).toBe('/api/content/31');
    expect(sent?.body).toEqual({ filename: 'bread.jpg', description: 'A sourdough loaf' });
    expect(screen.getByRole('button', { name: 'Save changes' })).toHaveProperty('disabled', true);
    answer.release();
    expect(await screen.findByText('Changes saved')).toBeTruthy();
  });

  it('shows a refusal naming no field above the buttons, and one naming a field under it', async () => {
    const { user, api } = open((api) =>
      api.on(contentContracts.update, failure(404, 'This media file was not found.')),
    );
    await screen.findByRole('button', { name: 'Save changes' });
    await user.type(screen.getByLabelText('Description'), '!');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('This media file was not found.')).toBeTruthy();
    api.on(
      contentContracts.update,
      failure(422, 'Some fields are not valid.', [
        { path: 'filename', message: 'File name must be no longer than 255 characters.' },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('File name must be no longer than 255 characters.')).toBeTruthy();
  });

  it('goes back to /media when the file is not found', async () => {
    renderPage(<MediaEditRoute />, {
      path: '/media/:id',
      url: '/media/99',
      answers: withUser((api) => api.on(contentContracts.batch, ok([]))),
    });
    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/media');
  });
});
