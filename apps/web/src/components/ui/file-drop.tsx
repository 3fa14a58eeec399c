import { type DragEvent, useId, useState } from 'react';
import { cx } from '../../lib/class-names';
import { ProgressBar } from './progress-bar';

interface FileDropProps {
  accept: string;
  /** "Drop the file here or" */
  dropLabel: string;
  /** The visible picker link: "choose a file" (or "choose files"). */
  chooseLabel: string;
  inputLabel: string;
  /** The id of a hint about the file (types, size) read with the input. */
  inputDescribedBy?: string;
  isDisabled?: boolean;
  /** 0 to 1 while an upload is under way; null otherwise. */
  progress?: number | null;
  uploadingLabel?: string;
  progressLabel?: string;
  className?: string;
}

/** One file at a time (`onFile`), or every file picked or dropped at once (`multiple`, `onFiles`). */
type FileDropHandler =
  { multiple?: false; onFile: (file: File) => void } | { multiple: true; onFiles: (files: File[]) => void };

/**
 * A drop zone with a file picker, and the upload's progress under it while
 * one is under way. The native input stays (visually hidden) for keyboards
 * and screen readers; `inputLabel` is its accessible name.
 */
export function FileDrop(props: FileDropProps & FileDropHandler) {
  const {
    accept,
    dropLabel,
    chooseLabel,
    inputLabel,
    inputDescribedBy,
    isDisabled = false,
    progress = null,
    uploadingLabel,
    progressLabel,
    className,
  } = props;
  const inputId = useId();
  const [isDragging, setIsDragging] = useState(false);
  const isUploading = progress !== null;

  function hand(picked: File[]) {
    if (picked.length === 0) return;
    if (props.multiple) props.onFiles(picked);
    else props.onFile(picked[0]!);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setIsDragging(false);
    if (!isDisabled && !isUploading) hand(Array.from(event.dataTransfer.files));
  }

  const percent = Math.round((progress ?? 0) * 100);
  return (
    <div className={className}>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={onDrop}
        className={cx(
          'flex flex-wrap items-center justify-center gap-1 rounded-lg border-2 border-dashed px-3 py-4 text-sm',
          isDragging ? 'border-accent-600 bg-accent-50' : 'border-slate-300 bg-slate-50',
        )}
      >
        <span className="text-slate-600">{dropLabel}</span>
        <label
          htmlFor={inputId}
          className={cx(
            'font-semibold underline underline-offset-2',
            isDisabled ? 'cursor-not-allowed text-slate-500' : 'cursor-pointer text-accent-800',
          )}
        >
          {chooseLabel}
        </label>
        <input
          id={inputId}
          type="file"
          className="sr-only"
          accept={accept}
          multiple={props.multiple}
          aria-label={inputLabel}
          aria-describedby={inputDescribedBy}
          disabled={isUploading || isDisabled}
          onChange={(event) => {
            // Copied before the value is cleared (which empties the live list), so a file can be picked again.
            const picked = Array.from(event.target.files ?? []);
            event.target.value = '';
            hand(picked);
          }}
        />
      </div>
      {isUploading && (
        <div className="mt-3">
          {uploadingLabel && <p className="mb-1 text-xs text-slate-600">{uploadingLabel}</p>}
          <ProgressBar
            value={percent}
            max={100}
            label={progressLabel ?? uploadingLabel ?? ''}
            valueText={`${percent}%`}
          />
        </div>
      )}
    </div>
  );
}
