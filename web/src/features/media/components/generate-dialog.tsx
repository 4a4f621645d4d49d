import { generateImageSchema, IMAGE_STYLE_TYPES, type ImageStyleType } from '@shared/schemas/media';
import { Wand2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { useSubmitOnlyForm } from '@/lib/forms';
import { notify } from '@/lib/toast';
import { useGenerateImage } from '@/api/media/media-library';
import './generate-dialog.css';

const STYLE_LABELS: Record<ImageStyleType, string> = {
  AUTO: 'Auto',
  GENERAL: 'General',
  REALISTIC: 'Realistic',
  DESIGN: 'Design',
  RENDER_3D: '3D render',
  ANIME: 'Anime',
};

/** AI image generation (spec 01 §2 Media): a prompt and a style; the image joins the library. */
export function GenerateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      title="Generate an image"
      description="Describe the picture you want. It is added to your library when it is ready."
      onClose={onClose}
    >
      <GenerateForm onClose={onClose} />
    </Dialog>
  );
}

function GenerateForm({ onClose }: { onClose: () => void }) {
  const form = useSubmitOnlyForm(generateImageSchema, { prompt: '', style_type: 'AUTO' });
  const generate = useGenerateImage();
  const onSubmit = form.handleSubmit((body) =>
    generate.mutate(body, {
      onSuccess: () => {
        notify.success('Image added to your media library');
        onClose();
      },
    }),
  );
  return (
    <form className="media-edit__form dialog__body" noValidate onSubmit={(event) => void onSubmit(event)}>
      <TextAreaField
        label="Prompt"
        rows={4}
        maxLength={1000}
        placeholder="A cosy bakery window with fresh sourdough loaves in morning light"
        error={form.errors.prompt ?? (generate.error ? errorMessage(generate.error) : undefined)}
        {...form.register('prompt')}
      />
      <fieldset className="style-options">
        <legend>Style</legend>
        {IMAGE_STYLE_TYPES.map((value) => (
          <label key={value} className="style-option">
            <input
              type="radio"
              name="style_type"
              value={value}
              checked={form.values.style_type === value}
              onChange={() => form.setValue('style_type', value)}
            />
            {STYLE_LABELS[value]}
          </label>
        ))}
      </fieldset>
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onClose} disabled={generate.isPending}>
          Cancel
        </Button>
        <Button type="submit" pending={generate.isPending} icon={<Wand2 size={16} aria-hidden />}>
          {generate.isPending ? 'Generating…' : 'Generate'}
        </Button>
      </div>
    </form>
  );
}
