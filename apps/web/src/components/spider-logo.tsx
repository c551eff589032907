/** Sam, the friendly spider, hanging from a thread: the mark of Sam's Web. */
export function SpiderLogo({ className = "h-10 w-10" }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <path d="M32 0v20" stroke="currentColor" strokeWidth="2" className="text-dusk/60" />
      <g stroke="currentColor" strokeWidth="3" strokeLinecap="round" fill="none" className="text-dusk">
        <path d="M22 30 10 21M22 34H7M22 38l-12 9M42 30l12-9M42 34h15M42 38l12 9" />
      </g>
      <ellipse cx="32" cy="37" rx="12" ry="13" className="fill-dusk" />
      <circle cx="32" cy="24" r="8" className="fill-dusk" />
      <circle cx="29" cy="23" r="2.4" fill="#fff" />
      <circle cx="35" cy="23" r="2.4" fill="#fff" />
      <circle cx="29.4" cy="23.4" r="1.1" className="fill-ink" />
      <circle cx="35.4" cy="23.4" r="1.1" className="fill-ink" />
      <path d="M28 41q4 4 8 0" stroke="#f3b4c8" strokeWidth="2" fill="none" strokeLinecap="round" />
    </svg>
  );
}
