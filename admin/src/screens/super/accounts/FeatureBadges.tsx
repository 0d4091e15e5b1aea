import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Badge, Muted } from '../../../ui/primitives';
import { FEATURES_SHOWN } from './constants';

const FeatureList = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem;
`;

/** An account's effective features as badges, the first few shown and the rest folded into "+N". */
export function FeatureBadges({ features }: { features: string[] }) {
  const { t } = useTranslation('platform');
  if (features.length === 0) return <Muted as="span">{t('common.none')}</Muted>;
  return (
    <FeatureList title={features.join(', ')}>
      {features.slice(0, FEATURES_SHOWN).map((feature) => (
        <Badge key={feature} $tone="neutral">
          {feature}
        </Badge>
      ))}
      {features.length > FEATURES_SHOWN ? (
        <Badge
          $tone="neutral"
          aria-label={t('platform.accounts.moreFeatures', {
            count: features.length - FEATURES_SHOWN,
            list: features.slice(FEATURES_SHOWN).join(', '),
          })}
        >
          {t('platform.accounts.moreShort', { count: features.length - FEATURES_SHOWN })}
        </Badge>
      ) : null}
    </FeatureList>
  );
}
