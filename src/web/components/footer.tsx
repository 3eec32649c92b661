import { Mail, MapPin, Phone } from "lucide-react";

const COLUMNS = [
  { title: "Product", links: ["Features", "Integrations", "Pricing", "FAQ"] },
  { title: "Company", links: ["Privacy", "Terms of Service"] },
  { title: "Developers", links: ["Public API", "Documentation", "Guides"] },
];

const SOCIALS = [
  { name: "Facebook", mark: "f" },
  { name: "X", mark: "X" },
  { name: "LinkedIn", mark: "in" },
  { name: "GitHub", mark: "GH" },
];

/** Footer links are placeholders with no target (specification, section 2): buttons that go nowhere. */
function Placeholder({ children, label }: { children: React.ReactNode; label?: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      className="text-left text-sm text-slate-300 hover:text-white hover:underline"
    >
      {children}
    </button>
  );
}

export function Footer() {
  return (
    <footer className="mt-16 bg-slate-900 text-slate-300 dark:bg-black">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <p className="text-2xl font-extrabold text-white">
            Quick<span className="mx-0.5 rounded-md bg-amber-400 px-1 text-slate-950">G</span>ig
          </p>
          <p className="mt-3 max-w-sm text-sm">Post a task, get bids from skilled freelancers, and get it done.</p>
          <ul className="mt-5 space-y-2 text-sm">
            <li className="flex items-center gap-2">
              <Mail aria-hidden="true" className="size-4" /> Email: support@quickgig.example
            </li>
            <li className="flex items-center gap-2">
              <Phone aria-hidden="true" className="size-4" /> Phone: +1 (555) 010-1985
            </li>
            <li className="flex items-center gap-2">
              <MapPin aria-hidden="true" className="size-4" /> Address: 123 Market Street, Springfield
            </li>
          </ul>
        </div>
        {COLUMNS.map((column) => (
          <div key={column.title}>
            <h2 className="text-sm font-bold tracking-wide text-white uppercase">{column.title}</h2>
            <ul className="mt-4 space-y-2">
              {column.links.map((link) => (
                <li key={link}>
                  <Placeholder>{link}</Placeholder>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 py-6 sm:flex-row sm:px-6">
          <p className="text-sm">© 2025 QuickGig. All rights reserved.</p>
          <ul className="flex gap-3" aria-label="Social links">
            {SOCIALS.map((social) => (
              <li key={social.name}>
                <button
                  type="button"
                  className="grid size-9 place-items-center rounded-full bg-slate-800 text-xs font-bold text-slate-100 hover:bg-indigo-600"
                >
                  <span aria-hidden="true">{social.mark}</span>
                  <span className="sr-only">{social.name}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
