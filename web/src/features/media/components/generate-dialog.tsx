import { IMAGE_STYLE_TYPES, type ImageStyleType } from '@shared/schemas/media';
import { messages } from '@shared/messages';
import { Wand2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useGenerateImage } from '../api/media-library';
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
  const [prompt, setPrompt] = useState('');
  const [style, setStyle] = useState<ImageStyleType>('AUTO');
  const [promptError, setPromptError] = useState<string>();
  const generate = useGenerateImage();
  return (
    <form
      className="media-edit__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!prompt.trim()) {
          setPromptError(messages.promptRequired);
          return;
        }
        setPromptError(undefined);
        generate.mutate(
          { prompt: prompt.trim(), style_type: style },
          {
            onSuccess: () => {
              notify.success('Image added to your media library');
              onClose();
            },
          },
        );
      }}
    >
      <TextAreaField
        label="Prompt"
        rows={4}
        value={prompt}
        maxLength={1000}
        placeholder="A cosy bakery window with fresh sourdough loaves in morning light"
        error={promptError ?? (generate.error ? errorMessage(generate.error) : undefined)}
        onChange={(event) => setPrompt(event.target.value)}
      />
      <fieldset className="style-options">
        <legend>Style</legend>
        {IMAGE_STYLE_TYPES.map((value) => (
          <label key={value} className="style-option">
            <input
              type="radio"
              name="style_type"
              value={value}
              checked={style === value}
              onChange={() => setStyle(value)}
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
