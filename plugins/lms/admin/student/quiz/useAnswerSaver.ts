import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@lectern/admin/kit';
import { quizApi } from './quiz-api';
import type { Answer, Answers } from './types';

/** Typing pauses this long before the answers go to the server. */
const SAVE_DELAY_MS = 800;

export type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

/**
 * Saves answers as the student goes (PUT answers, debounced): changed answers collect and go in one
 * request once typing pauses; requests run one after another so an older one never lands last.
 * Saved answers count even if the time runs out before the student submits.
 */
export function useAnswerSaver(quizId: string, onTimeUp: () => void) {
  const pending = useRef<Answers>({});
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const chain = useRef<Promise<void>>(Promise.resolve());
  const [state, setState] = useState<SaveState>('idle');
  const timeUp = useRef(onTimeUp);
  timeUp.current = onTimeUp;

  const flush = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    const batch = pending.current;
    if (Object.keys(batch).length === 0) return chain.current;
    pending.current = {};
    setState('saving');
    chain.current = chain.current.then(async () => {
      try {
        await quizApi.save(quizId, batch);
        setState('saved');
      } catch (error) {
        // Kept for the next save (or the submit, which sends every answer anyway).
        pending.current = { ...batch, ...pending.current };
        setState('failed');
        if (error instanceof ApiError && error.code === 'quiz_time_up') timeUp.current();
      }
    });
    return chain.current;
  }, [quizId]);

  const queue = useCallback(
    (questionId: string, answer: Answer) => {
      pending.current = { ...pending.current, [questionId]: answer };
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), SAVE_DELAY_MS);
    },
    [flush],
  );

  /** Before submitting: nothing is left waiting (the submit carries every answer). */
  const cancel = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    pending.current = {};
    return chain.current;
  }, []);

  // Leaving the quiz (another item, another screen) still saves what was typed.
  useEffect(() => () => void flush(), [flush]);

  return { queue, flush, cancel, state };
}
