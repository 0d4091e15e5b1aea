import { api } from '@lectern/admin/kit';
import { LMS_API } from '../keys';
import type { Answers, AttemptResult, QuizResults, QuizView } from './types';

const quizPath = (quizId: string) => `${LMS_API}/quizzes/${quizId}`;

export const quizApi = {
  view: (quizId: string) => api<QuizView>(quizPath(quizId)),
  /** Starts an attempt (201) or resumes the open one (200). */
  start: (quizId: string) => api<QuizView>(`${quizPath(quizId)}/attempts`, { method: 'POST', body: {} }),
  save: (quizId: string, answers: Answers) => api<QuizView>(`${quizPath(quizId)}/answers`, { method: 'PUT', body: { answers } }),
  submit: (quizId: string, answers: Answers) => api<AttemptResult>(`${quizPath(quizId)}/submit`, { method: 'POST', body: { answers } }),
  results: (quizId: string) => api<QuizResults>(`${quizPath(quizId)}/results`),
};
