import { type DragEvent, useId, useState } from 'react';
import { cx } from '../../lib/class-names';
import { ProgressBar } from './progress-bar';

/**
 * A drop zone with a file picker, and the upload's progress under it while
 * one is under way. The native input stays (visually hidden) for keyboards
 * and screen readers; `inputLabel` is its accessible name.
 */
export function FileDrop({
  accept,
  dropLabel,
  chooseLabel,
  inputLabel,
  inputDescribedBy,
  onFile,
  isDisabled = false,
  progress = null,
  uploadingLabel,
  progressLabel,
  className,
}: {
  accept: string;
  /** "Drop the file here or" */
  dropLabel: string;
  /** The visible picker link: "choose a file". */
  chooseLabel: string;
  inputLabel: string;
  /** The id of a hint about the file (types, size) read with the input. */
  inputDescribedBy?: string;
  onFile: (file: File) => void;
  isDisabled?: boolean;
  /** 0 to 1 while an upload is under way; null otherwise. */
  progress?: number | null;
  uploadingLabel?: string;
  progressLabel?: string;
  className?: string;
}) {
  const inputId = useId();
  const [isDragging, setIsDragging] = useState(false);
  const isUploading = progress !== null;

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setIsDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !isDisabled && !isUploading) onFile(file);
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
          aria-label={inputLabel}
          aria-describedby={inputDescribedBy}
          disabled={isUploading || isDisabled}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) onFile(file);
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
