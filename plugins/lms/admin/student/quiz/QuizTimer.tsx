import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@lectern/admin/kit';
import { formatCountdown } from '../time';

/** Counts down to the attempt's deadline and calls `onExpire` once when it is reached. */
export function QuizTimer({ deadline, onExpire }: { deadline: string; onExpire: () => void }) {
  const { t } = useTranslation('lms-student');
  const end = new Date(deadline).getTime();
  const [now, setNow] = useState(() => Date.now());
  const expired = useRef(false);
  const expire = useRef(onExpire);
  expire.current = onExpire;
  const left = Math.max(0, Math.round((end - now) / 1000));

  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, []);
  useEffect(() => {
    if (left > 0 || expired.current) return;
    expired.current = true;
    expire.current();
  }, [left]);

  return (
    <Badge
      $tone={left <= 60 ? 'danger' : left <= 300 ? 'warning' : 'info'}
      role="timer"
      aria-label={t('quiz.timeLeft', { time: formatCountdown(left) })}
      data-testid="quiz-timer"
      data-seconds={left}
    >
      {t('quiz.timeLeft', { time: formatCountdown(left) })}
    </Badge>
  );
}
