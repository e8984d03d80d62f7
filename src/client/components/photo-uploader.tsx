import { useEffect, useId, useRef, useState, type DragEvent, type JSX } from 'react';
import {
  ChevronLeft,
  ChevronRight,
  Image as ImageIcon,
  ImageOff,
  ImagePlus,
  Star,
  Trash2,
  X,
} from '@/components/icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { SERVICE_MAX_PHOTOS } from '@shared/domain/constants';
import { photoSources } from '@shared/domain/photos';
import { Button } from '@/components/ui/button';
import { usePhotoFileProblem } from '@/lib/photo-words';
import { isPreviewablePhoto, PHOTO_ACCEPT, uploadPhoto } from '@/lib/upload-photo';
import { cn } from '@/lib/utils';

/** A file on its way up, or one the server (or the quick check) refused. */
type Pending = {
  key: string;
  name: string;
  /** A local preview (object URL), only for files that really are JPEG, PNG or WebP. */
  previewUrl: string | null;
  progress: number;
  error: string | null;
  controller: AbortController;
};

const THUMB_SIZES = '(min-width: 640px) 160px, 50vw';

let nextKey = 0;

/**
 * Photos of a service: choose or drop files, each uploads at once (POST /api/uploads) with its own
 * progress bar, then joins `value` (URLs, in order; the first is the cover). Photos can be moved
 * left and right and removed with buttons (keyboard and screen readers); a refused file shows the
 * server's message in place. `onBusyChange` tells the form when uploads are running (so it can
 * hold its Save button).
 */
export function PhotoUploader({
  value,
  onChange,
  max = SERVICE_MAX_PHOTOS,
  onBusyChange,
  label: labelProp,
}: {
  value: string[];
  onChange: (urls: string[]) => void;
  max?: number;
  onBusyChange?: (busy: boolean) => void;
  label?: string;
}): JSX.Element {
  const { t } = useLingui();
  const label = labelProp ?? t`Photos`;
  const photoFileProblem = usePhotoFileProblem();
  const inputRef = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const hintId = useId();
  const [pending, setPending] = useState<Pending[]>([]);
  const [dragging, setDragging] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  // The latest list, for uploads that finish after other changes (and after each other): commit()
  // moves it on at once, the effect follows the parent's value.
  const valueRef = useRef(value);
  useEffect(() => {
    valueRef.current = value;
  }, [value]);
  const commit = (next: string[]) => {
    valueRef.current = next;
    onChange(next);
  };

  const uploading = pending.filter((p) => !p.error).length;
  const busy = uploading > 0;
  const onBusyRef = useRef(onBusyChange);
  useEffect(() => {
    onBusyRef.current = onBusyChange;
  }, [onBusyChange]);
  useEffect(() => {
    onBusyRef.current?.(busy);
  }, [busy]);

  // Abort what is still uploading and free the previews when the uploader goes away.
  const pendingRef = useRef(pending);
  useEffect(() => {
    pendingRef.current = pending;
  }, [pending]);
  useEffect(
    () => () => {
      for (const p of pendingRef.current) {
        p.controller.abort();
        if (p.previewUrl) URL.revokeObjectURL(p.previewUrl);
      }
    },
    [],
  );

  const slotsLeft = Math.max(0, max - value.length - uploading);
  // One photo (an avatar): no cover, no order, and the words say 'a photo'.
  const single = max === 1;

  function update(key: string, patch: Partial<Pending>) {
    setPending((list) => list.map((p) => (p.key === key ? { ...p, ...patch } : p)));
  }

  /** Forgets a pending file (cancelling its upload if it is still running). */
  function drop(item: Pending) {
    item.controller.abort();
    if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
    setPending((list) => list.filter((p) => p.key !== item.key));
  }

  async function addFiles(files: File[]) {
    setNotice(null);
    if (files.length === 0) return;
    const taken = files.slice(0, slotsLeft);
    const added = taken.length;
    if (added < files.length) {
      setNotice(
        single
          ? slotsLeft === 0
            ? t`You can add one photo. Remove it to add another.`
            : t`You can add one photo: only the first of these was added.`
          : slotsLeft === 0
            ? t`You can add up to ${max} photos. Remove one to add another.`
            : t`You can add up to ${max} photos: only the first ${added} of these were added.`,
      );
    }
    const previewable = await Promise.all(taken.map(isPreviewablePhoto));
    const items: Pending[] = taken.map((file, i) => ({
      key: `photo-${(nextKey += 1)}`,
      name: file.name || t`photo`,
      previewUrl: previewable[i] ? URL.createObjectURL(file) : null,
      progress: 0,
      error: photoFileProblem(file),
      controller: new AbortController(),
    }));
    setPending((list) => [...list, ...items]);
    // Photos join the list in the order they were chosen, whichever upload finishes first: a
    // finished one waits for the ones chosen before it (undefined: still uploading; null: failed).
    const results: (string | null | undefined)[] = items.map((item) => (item.error ? null : undefined));
    let cursor = 0;
    const flush = () => {
      const ready: string[] = [];
      while (cursor < results.length && results[cursor] !== undefined) {
        const url = results[cursor];
        const item = items[cursor]!;
        if (url) {
          ready.push(url);
          drop(item);
        }
        cursor += 1;
      }
      if (ready.length) commit([...valueRef.current, ...ready]);
    };
    taken.forEach((file, i) => {
      const item = items[i]!;
      if (item.error) return;
      uploadPhoto(file, {
        signal: item.controller.signal,
        onProgress: (fraction) => update(item.key, { progress: fraction }),
      }).then(
        (upload) => {
          if (item.controller.signal.aborted) {
            results[i] = null;
          } else {
            results[i] = upload.url;
            const name = item.name;
            setAnnouncement(t`${name} uploaded.`);
          }
          flush();
        },
        (err: unknown) => {
          results[i] = null;
          flush();
          if (item.controller.signal.aborted) return;
          const message = err instanceof Error ? err.message : t`The upload failed. Please try again.`;
          const name = item.name;
          update(item.key, { error: message });
          setAnnouncement(t`${name} was not uploaded: ${message}`);
        },
      );
    });
  }

  function move(index: number, by: -1 | 1) {
    const next = [...value];
    const target = index + by;
    if (target < 0 || target >= next.length) return;
    [next[index], next[target]] = [next[target]!, next[index]!];
    commit(next);
    const position = target + 1;
    const total = next.length;
    setAnnouncement(t`Photo moved to position ${position} of ${total}.`);
  }

  function remove(index: number) {
    commit(value.filter((_, i) => i !== index));
    const number = index + 1;
    setAnnouncement(t`Photo ${number} removed.`);
  }

  function handleDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    void addFiles(Array.from(event.dataTransfer.files));
  }

  return (
    <div role="group" aria-labelledby={labelId} className="flex min-w-0 flex-col gap-3">
      <div className="flex items-baseline justify-between gap-2">
        <span id={labelId} className="text-sm font-medium">
          {label}
        </span>
        <span className="text-xs text-muted-foreground">
          {value.length} / {max}
        </span>
      </div>

      <div
        onDragEnter={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragOver={(e) => {
          e.preventDefault();
          e.dataTransfer.dropEffect = slotsLeft > 0 ? 'copy' : 'none';
        }}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={handleDrop}
        data-testid="photo-dropzone"
        className={cn(
          'flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-input px-4 py-6 text-center transition-colors',
          dragging && 'border-primary bg-primary/5',
          // Full: the button is disabled and the words say why (faded text failed axe's contrast check).
          slotsLeft === 0 && 'bg-muted/40',
        )}
      >
        <ImagePlus className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="text-sm text-muted-foreground">
          {slotsLeft === 0 && uploading === 0
            ? single
              ? t`Remove the photo below to choose another.`
              : t`That is ${max} photos, the most: remove one to add another.`
            : single
              ? t`Drag a photo here, or`
              : t`Drag photos here, or`}
        </p>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => inputRef.current?.click()}
          disabled={slotsLeft === 0}
          aria-describedby={hintId}
        >
          {single ? t`Choose a photo` : t`Choose photos`}
        </Button>
        <p id={hintId} className="text-xs text-muted-foreground">
          {single
            ? t`JPEG, PNG, WebP or HEIC, up to 10 MB.`
            : t`JPEG, PNG, WebP or HEIC, up to 10 MB each. The first photo is the cover.`}
        </p>
        <input
          ref={inputRef}
          type="file"
          multiple={!single}
          accept={PHOTO_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => {
            void addFiles(Array.from(e.target.files ?? []));
            e.target.value = '';
          }}
        />
      </div>

      {notice && (
        <p role="alert" className="text-sm text-destructive">
          {notice}
        </p>
      )}

      {(value.length > 0 || pending.length > 0) && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={t`${label}, in order`}>
          {value.map((url, i) => {
            const number = i + 1;
            const total = value.length;
            return (
              <li key={url} className="flex min-w-0 flex-col gap-1.5" data-testid="uploaded-photo">
                <div className="relative aspect-[4/3] overflow-hidden rounded-md border bg-muted">
                  <Thumb
                    url={url}
                    alt={
                      single ? label : i === 0 ? t`Photo ${number} of ${total} (cover)` : t`Photo ${number} of ${total}`
                    }
                  />
                  {i === 0 && !single && (
                    <span className="absolute top-1.5 left-1.5 inline-flex items-center gap-1 rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-primary-foreground shadow-sm">
                      <Star className="size-3 fill-current" aria-hidden="true" />
                      <Trans>Cover</Trans>
                    </span>
                  )}
                </div>
                <div className="flex items-center justify-between gap-1">
                  <div className="flex gap-1">
                    {!single && (
                      <>
                        <Button
                          type="button"
                          variant="ghost"
                          size="icon"
                          className="size-8"
                          aria-label={t`Move photo ${number} left`}
                          title={t`Move left`}
                          disabled={i === 0}
                          onClick={() => move(i, -1)}
                        >
                          <ChevronLeft aria-hidden="true" />
                        </Button>
                        <Button
                          type="button"
                          variant="ghost"
                          size="icon"
                          className="size-8"
                          aria-label={t`Move photo ${number} right`}
                          title={t`Move right`}
                          disabled={i === value.length - 1}
                          onClick={() => move(i, 1)}
                        >
                          <ChevronRight aria-hidden="true" />
                        </Button>
                      </>
                    )}
                  </div>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-8 text-destructive hover:text-destructive"
                    aria-label={t`Remove photo ${number}`}
                    title={t`Remove`}
                    onClick={() => remove(i)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </li>
            );
          })}
          {pending.map((p) => {
            const name = p.name;
            return (
              <li key={p.key} className="flex min-w-0 flex-col gap-1.5" data-testid="pending-photo">
                <div
                  className={cn(
                    'relative aspect-[4/3] overflow-hidden rounded-md border bg-muted',
                    p.error && 'border-destructive',
                  )}
                >
                  {p.previewUrl ? (
                    <Thumb url={p.previewUrl} alt="" className={p.error ? 'opacity-40' : 'opacity-70'} />
                  ) : (
                    <div className="flex size-full items-center justify-center text-muted-foreground">
                      <ImageIcon className="size-6" aria-hidden="true" />
                    </div>
                  )}
                  {!p.error && (
                    <div className="absolute inset-x-2 bottom-2">
                      <div
                        role="progressbar"
                        aria-label={t`Uploading ${name}`}
                        aria-valuemin={0}
                        aria-valuemax={100}
                        aria-valuenow={Math.round(p.progress * 100)}
                        className="h-1.5 overflow-hidden rounded-full bg-background/80"
                      >
                        <div
                          className="h-full rounded-full bg-primary transition-[width] duration-200 motion-reduce:transition-none"
                          style={{ width: `${Math.max(4, Math.round(p.progress * 100))}%` }}
                        />
                      </div>
                    </div>
                  )}
                </div>
                <div className="flex items-start justify-between gap-1">
                  <p
                    className={cn(
                      'min-w-0 text-xs break-words',
                      p.error ? 'text-destructive' : 'text-muted-foreground',
                    )}
                  >
                    <span className="block truncate font-medium" title={p.name}>
                      {p.name}
                    </span>
                    {p.error ?? (p.progress >= 1 ? t`Processing...` : `${Math.round(p.progress * 100)}%`)}
                  </p>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-8 shrink-0"
                    aria-label={p.error ? t`Dismiss ${name}` : t`Cancel upload of ${name}`}
                    title={p.error ? t`Dismiss` : t`Cancel`}
                    onClick={() => drop(p)}
                  >
                    <X aria-hidden="true" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

/** A thumbnail (the smallest fitting width of an upload, or a local preview); an icon if it cannot be shown (e.g. HEIC before upload). */
function Thumb({ url, alt, className }: { url: string; alt: string; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === url) {
    return (
      <div
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        className="flex size-full items-center justify-center text-muted-foreground"
      >
        <ImageOff className="size-6" aria-hidden="true" />
      </div>
    );
  }
  const sources = photoSources(url, THUMB_SIZES);
  return (
    <img
      sizes={sources.sizes}
      srcSet={sources.srcSet}
      src={sources.src}
      alt={alt}
      width={160}
      height={120}
      draggable={false}
      onError={() => setFailed(url)}
      className={cn('size-full object-cover', className)}
    />
  );
}
