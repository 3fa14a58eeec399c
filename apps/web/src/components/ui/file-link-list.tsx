import { cx } from '../../lib/class-names';

export interface FileLink {
  id: string;
  href: string;
  name: string;
  /** Said after the name, e.g. who sent the file. */
  note?: string | null;
}

/** Files as links that open in a new tab (a dispute's evidence, a deal's documents); `empty` when there are none. */
export function FileLinkList({ files, empty, className }: { files: FileLink[]; empty: string; className?: string }) {
  if (files.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <ul className={cx('grid gap-1 text-sm', className)}>
      {files.map((file) => (
        <li key={file.id}>
          <a
            href={file.href}
            target="_blank"
            rel="noreferrer"
            className="font-semibold break-all text-accent-800 underline underline-offset-2"
          >
            {file.name}
          </a>
          {file.note && <span className="text-slate-500"> · {file.note}</span>}
        </li>
      ))}
    </ul>
  );
}
