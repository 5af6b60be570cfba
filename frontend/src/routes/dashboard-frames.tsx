import type { AuthUser } from '@secretchatbox/contracts';
import { CheckCircle2, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../components/ui/card';
import { LogoutButton } from '../features/admin-auth/logout-button';

const loggedOut = 'You have been logged out successfully.';

function DashboardHeader({ title, user, children }: { title: string; user: AuthUser; children?: ReactNode }) {
  return (
    <header className="mb-6 flex flex-wrap items-center justify-between gap-4">
      <div>
        <h1 className="text-gradient text-3xl font-extrabold">{title}</h1>
        <p className="mt-1 text-gray-700 dark:text-gray-300">
          Signed in as <strong>{user.username}</strong>
          {user.collegeCode && <> · {user.collegeCode}</>}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {children}
        <LogoutButton message={loggedOut} />
      </div>
    </header>
  );
}

export function DataTable({ caption, columns, empty }: { caption: string; columns: readonly string[]; empty: string }) {
  return (
    <>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-gray-200 text-gray-700 dark:border-gray-700 dark:text-gray-300">
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col" className="px-3 py-3 font-semibold">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
        </table>
      </div>
      <p className="px-3 py-10 text-center text-gray-600 dark:text-gray-400">{empty}</p>
    </>
  );
}

const guidelines = {
  approve: ['Appropriate for college students', 'Follows community guidelines', 'No personal information', 'Not spam'],
  reject: ['Harassment or bullying', 'Explicit material', 'Personal information', 'Policy violations'],
};

function ModerationGuidelines() {
  return (
    <Card className="p-6">
      <h2 className="mb-4 text-xl font-bold">Moderation Guidelines</h2>
      <div className="grid gap-6 sm:grid-cols-2">
        <div>
          <h3 className="mb-2 font-semibold text-emerald-800 dark:text-emerald-300">Approve if:</h3>
          <ul className="space-y-2">
            {guidelines.approve.map((rule) => (
              <li key={rule} className="flex items-center gap-2">
                <CheckCircle2 className="size-4 text-emerald-700 dark:text-emerald-400" aria-hidden /> {rule}
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3 className="mb-2 font-semibold text-red-800 dark:text-red-300">Reject if:</h3>
          <ul className="space-y-2">
            {guidelines.reject.map((rule) => (
              <li key={rule} className="flex items-center gap-2">
                <XCircle className="size-4 text-red-700 dark:text-red-400" aria-hidden /> {rule}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Card>
  );
}

export function AdminPanelFrame({ user }: { user: AuthUser }) {
  return (
    <div className="space-y-6">
      <DashboardHeader title="Admin Panel" user={user} />
      <div className="grid gap-4 sm:grid-cols-2">
        {['Pending confessions', 'Pending direct messages'].map((label) => (
          <Card key={label} className="p-6">
            <p className="text-sm text-gray-700 dark:text-gray-300">{label}</p>
            <p className="text-gradient text-3xl font-extrabold">0</p>
          </Card>
        ))}
      </div>
      <Card className="p-6">
        <DataTable
          caption="Pending confessions"
          columns={['ID', 'Content', 'Category', 'Actions']}
          empty="No pending confessions"
        />
      </Card>
      <ModerationGuidelines />
    </div>
  );
}

/** The moderation table of the normal and college dashboards (spec section 2). */
function ConfessionsTable() {
  return (
    <Card className="p-6">
      <DataTable
        caption="Confessions"
        columns={['ID', 'Content', 'College', 'Status', 'Reports', 'Actions']}
        empty="No confessions to display"
      />
    </Card>
  );
}

export function CollegeDashboardFrame({ user }: { user: AuthUser }) {
  return (
    <div className="space-y-6">
      <DashboardHeader title="College Admin Dashboard" user={user} />
      <ConfessionsTable />
    </div>
  );
}

export function ChiefDashboardFrame({ user }: { user: AuthUser }) {
  return (
    <div className="space-y-6">
      <DashboardHeader title="Chief Admin Dashboard" user={user} />
      <Card className="p-6">
        <h2 className="mb-4 text-xl font-bold">Admin Management</h2>
        <DataTable
          caption="Admin accounts"
          columns={['ID', 'Username', 'College Code', 'Status', 'Created', 'Actions']}
          empty="Admin accounts appear here"
        />
      </Card>
    </div>
  );
}

export function NormalDashboardFrame({ user }: { user: AuthUser }) {
  return (
    <div className="space-y-6">
      <DashboardHeader title="Normal Admin Dashboard" user={user}>
        <div role="group" aria-label="Show" className="flex rounded-full bg-white/80 p-1 dark:bg-gray-800/80">
          <button
            type="button"
            aria-pressed
            className="bg-brand rounded-full px-4 py-2 text-sm font-semibold whitespace-nowrap text-white"
          >
            Pending Only
          </button>
          <button
            type="button"
            aria-pressed={false}
            className="rounded-full px-4 py-2 text-sm font-semibold whitespace-nowrap"
          >
            All Confessions
          </button>
        </div>
      </DashboardHeader>
      <ConfessionsTable />
    </div>
  );
}
