import { ImagePlus, X } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { processFiles, UPLOAD_ACCEPTED_TYPES, UPLOAD_MAX_BYTES, UPLOAD_MAX_IMAGES } from './process-image';

type ImageUploadProps = {
  /** The images held, as data URLs. */
  images: string[];
  onChange: (images: string[]) => void;
  label?: string;
  maxImages?: number;
  maxBytes?: number;
  disabled?: boolean;
};

/**
 * Drag-and-drop image upload (spec 3 §5). The drop zone is a button that opens the file picker,
 * so it works from the keyboard too; each preview has a remove button; errors are announced.
 */
export function ImageUpload({
  images,
  onChange,
  label = 'Photos',
  maxImages = UPLOAD_MAX_IMAGES,
  maxBytes = UPLOAD_MAX_BYTES,
  disabled = false,
}: ImageUploadProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const id = useId();
  const full = images.length >= maxImages;

  async function add(files: File[]) {
    if (!files.length) return;
    setBusy(true);
    try {
      const result = await processFiles(files, images.length, { maxImages, maxBytes });
      setErrors(result.errors);
      if (result.images.length) onChange([...images, ...result.images].slice(0, maxImages));
    } finally {
      setBusy(false);
    }
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (disabled || busy) return;
    void add(Array.from(event.dataTransfer.files));
  }

  return (
    <div role="group" aria-labelledby={`${id}-label`}>
      <p id={`${id}-label`} className="mb-1 block text-sm font-medium">
        {label}
      </p>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`rounded-xl border-2 border-dashed p-1 transition-colors ${
          dragging ? 'border-brand-600 bg-brand-50 dark:border-brand-300 dark:bg-ink-800' : 'border-slate-400 dark:border-slate-600'
        }`}
      >
        <button
          type="button"
          disabled={disabled || busy || full}
          aria-describedby={`${id}-hint ${errors.length ? `${id}-errors` : ''}`.trim()}
          onClick={() => inputRef.current?.click()}
          className="flex min-h-28 w-full flex-col items-center justify-center gap-2 rounded-lg px-4 py-6 text-center text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60 dark:text-slate-100 dark:hover:bg-ink-800 dark:focus-visible:outline-brand-300"
        >
          <ImagePlus aria-hidden="true" className="size-8 text-brand-700 dark:text-brand-300" />
          <span className="font-semibold">{busy ? 'Préparation des photos…' : full ? 'Nombre maximum de photos atteint' : 'Ajouter des photos'}</span>
          <span className="text-sm text-slate-700 dark:text-slate-300">Glissez-déposez vos images ici ou appuyez pour les choisir</span>
        </button>
      </div>
      <input
        ref={inputRef}
        type="file"
        multiple
        accept={UPLOAD_ACCEPTED_TYPES.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          void add(files);
        }}
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        JPEG, PNG ou WebP, {Math.round(maxBytes / (1024 * 1024))}&nbsp;Mo maximum par image, {maxImages} images au plus ({images.length}/{maxImages}).
      </p>
      <div id={`${id}-errors`} aria-live="polite" className="mt-1">
        {errors.length ? (
          <ul className="space-y-1 text-sm font-medium text-red-700 dark:text-red-300">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        ) : null}
      </div>
      {images.length ? (
        <ul className="mt-3 grid grid-cols-3 gap-3" aria-label="Photos ajoutées">
          {images.map((image, index) => (
            <li key={`${index}-${image.slice(-24)}`} className="relative">
              <img src={image} alt={`Photo ${index + 1}`} className="aspect-square w-full rounded-lg border border-slate-300 object-cover dark:border-slate-600" />
              <button
                type="button"
                disabled={disabled}
                onClick={() => {
                  onChange(images.filter((_, position) => position !== index));
                  setErrors([]);
                }}
                aria-label={`Retirer la photo ${index + 1}`}
                className="absolute top-1 right-1 inline-flex size-8 items-center justify-center rounded-full bg-white/95 text-slate-900 shadow ring-1 ring-slate-300 hover:bg-red-50 hover:text-red-800 focus-visible:outline-2 focus-visible:outline-brand-700 dark:bg-ink-900/95 dark:text-slate-100 dark:ring-slate-600"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
