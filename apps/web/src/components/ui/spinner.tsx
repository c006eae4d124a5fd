type SpinnerProps = { label?: string; fullScreen?: boolean };

/** An accessible loading indicator: the label is announced, the animation is decorative. */
export function Spinner({ label = 'Chargement…', fullScreen = false }: SpinnerProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={
        fullScreen
          ? 'flex min-h-dvh flex-col items-center justify-center gap-3 p-6'
          : 'flex flex-col items-center justify-center gap-3 p-6'
      }
    >
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-slate-300 border-t-brand-600 dark:border-slate-700 dark:border-t-brand-400"
      />
      <span className="text-sm text-slate-600 dark:text-slate-300">{label}</span>
    </div>
  );
}
