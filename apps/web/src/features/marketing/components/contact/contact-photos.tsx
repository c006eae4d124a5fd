import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { CONTACT_MAX_IMAGE_BYTES, CONTACT_MAX_IMAGES } from '@erepare/shared/contact-limits';
import { readAsDataUrl, UPLOAD_ACCEPTED_TYPES, uploadMessages } from '../../../../components/image-upload/process-image';

/** A picked photo: the file itself (sent as it is) and a data URL for its preview. */
export type ContactPhoto = { name: string; size: number; dataUrl: string; file: Blob };

type ContactPhotosProps = {
  photos: ContactPhoto[];
  onChange: (photos: ContactPhoto[]) => void;
  disabled?: boolean;
};

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toLocaleString('fr-FR', { maximumFractionDigits: 1 })}\u00a0Mo`;
}

/** Up to 5 photos of 10 MB each (spec 3 §5), sent as they are (no resizing), with previews and remove buttons. */
export function ContactPhotos({ photos, onChange, disabled = false }: ContactPhotosProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  // Files are read asynchronously: picks made during a read wait their turn (a queue), and each
  // read starts from the latest list, never from a stale one (more than 5 photos, a lost batch).
  const latest = useRef(photos);
  useEffect(() => {
    latest.current = photos;
  }, [photos]);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const pending = useRef(0);
  const full = photos.length >= CONTACT_MAX_IMAGES;

  function add(files: File[]) {
    pending.current += 1;
    setBusy(true);
    queue.current = queue.current
      .then(() => read(files))
      .finally(() => {
        pending.current -= 1;
        if (pending.current === 0) setBusy(false);
      });
  }

  async function read(files: File[]) {
    const found: string[] = [];
    const added: ContactPhoto[] = [];
    const room = CONTACT_MAX_IMAGES - latest.current.length;
    if (files.length > room) found.push(`Maximum ${CONTACT_MAX_IMAGES} photos par message`);
    for (const file of files.slice(0, Math.max(0, room))) {
      if (!(UPLOAD_ACCEPTED_TYPES as readonly string[]).includes(file.type)) found.push(uploadMessages.wrongType(file.type || file.name));
      else if (file.size > CONTACT_MAX_IMAGE_BYTES) found.push(uploadMessages.tooLarge(file.name, CONTACT_MAX_IMAGE_BYTES));
      else {
        try {
          added.push({ name: file.name, size: file.size, dataUrl: await readAsDataUrl(file), file });
        } catch {
          found.push(uploadMessages.readError);
        }
      }
    }
    setErrors(found);
    if (added.length) {
      const next = [...latest.current, ...added].slice(0, CONTACT_MAX_IMAGES);
      latest.current = next;
      onChange(next);
    }
  }

  return (
    <div role="group" aria-labelledby={`${id}-label`}>
      <p id={`${id}-label`} className="mb-1 text-sm font-medium">
        Photos (facultatif)
      </p>
      <button
        type="button"
        disabled={disabled || full || busy}
        aria-busy={busy || undefined}
        onClick={() => inputRef.current?.click()}
        aria-describedby={`${id}-hint`}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-dashed border-slate-500 px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-500 dark:text-slate-100 dark:hover:bg-ink-800 dark:focus-visible:outline-brand-300"
      >
        <ImagePlus aria-hidden="true" className="size-5" />
        {busy ? 'Lecture des photos…' : full ? 'Nombre maximum de photos atteint' : 'Ajouter des photos'}
      </button>
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
          add(files);
        }}
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        JPEG, PNG ou WebP, 10&nbsp;Mo maximum par photo&nbsp;: {photos.length} sur {CONTACT_MAX_IMAGES} ajoutée{photos.length > 1 ? 's' : ''}.
      </p>
      <div aria-live="polite">
        {errors.length ? (
          <ul className="mt-1 space-y-1 text-sm font-medium text-red-700 dark:text-red-300">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        ) : null}
      </div>
      {photos.length ? (
        <ul className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-5" aria-label="Photos jointes">
          {photos.map((photo, index) => (
            <li key={`${index}-${photo.name}`} className="relative">
              <img src={photo.dataUrl} alt={`Photo ${index + 1}\u00a0: ${photo.name}`} className="aspect-square w-full rounded-lg border border-slate-300 object-cover dark:border-slate-600" />
              <span className="mt-1 block truncate text-xs text-slate-700 dark:text-slate-300">{megabytes(photo.size)}</span>
              <button
                type="button"
                disabled={disabled || busy}
                onClick={() => {
                  onChange(photos.filter((_, position) => position !== index));
                  setErrors([]);
                }}
                aria-label={`Retirer la photo ${index + 1} (${photo.name})`}
                className="absolute top-1 right-1 inline-flex size-8 items-center justify-center rounded-full bg-white/95 text-slate-900 shadow ring-1 ring-slate-300 hover:bg-red-50 hover:text-red-800 focus-visible:outline-2 focus-visible:outline-brand-700 disabled:opacity-60 dark:bg-ink-900/95 dark:text-slate-100 dark:ring-slate-600"
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
