import { can, useBootstrap } from '@lectern/admin/kit';

export interface CourseAccess {
  curriculum: boolean;
  students: boolean;
  submissions: boolean;
  stats: boolean;
  /** Site managers: may pick any member as an author. */
  manager: boolean;
}

/** What the signed-in member may do in a course's editor; site managers (manage_options) may do all of it. */
export function useCourseAccess(): CourseAccess {
  const boot = useBootstrap().data;
  const has = (cap: string) => boot !== undefined && (can(boot, cap) || can(boot, 'manage_options'));
  return {
    curriculum: has('manage_curriculum'),
    students: has('manage_students'),
    submissions: has('manage_submissions'),
    stats: has('manage_stats'),
    manager: boot !== undefined && can(boot, 'manage_options'),
  };
}
