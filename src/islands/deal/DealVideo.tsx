/**
 * A deal's video, a slide of the deal gallery (decision 056). In the server HTML (and without
 * JavaScript) it is a muted, looping video with its poster and the browser's own controls, loading
 * nothing until asked (`preload="none"`). Once hydrated, $video plays it while at least half of it
 * is on screen and pauses it off screen, never by itself with prefers-reduced-motion, and a
 * Play/Pause button replaces the browser's controls. Captions show wherever speech is heard.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { DealVideo as DealVideoData } from '@/contracts/deal-detail';
import { $video, attachVideo, pauseVideo, playVideo } from '@/stores/video';

type Props = {
  /** The video's key in $video: one a page, so unique on it. */
  id: string;
  video: DealVideoData;
};

export default function DealVideo({ id, video }: Props) {
  const ref = useRef<HTMLVideoElement>(null);
  const [isReady, setIsReady] = useState(false);
  const state = useStore($video, { keys: [id] })[id];
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setIsReady(true);
    return attachVideo(id, element);
  }, [id]);

  const isPlaying = state?.playing ?? false;
  return (
    <div className="deal-video">
      <video
        ref={ref}
        muted
        playsInline
        loop
        preload="none"
        poster={video.posterUrl}
        width={video.width}
        height={video.height}
        controls={!isReady}
        aria-label={video.title}
      >
        {video.sources.map((source) => (
          <source key={source.url} src={source.url} type={source.type} />
        ))}
        {video.captionsUrl !== null && (
          <track kind="captions" srcLang="en" label="English" src={video.captionsUrl} default />
        )}
      </video>
      {isReady && (
        <button
          type="button"
          className="deal-video__toggle"
          aria-label={isPlaying ? 'Pause video' : 'Play video'}
          onClick={() => (isPlaying ? pauseVideo(id) : playVideo(id))}
        >
          <span aria-hidden="true">{isPlaying ? '❚❚' : '▶'}</span> {isPlaying ? 'Pause' : 'Play'}
        </button>
      )}
    </div>
  );
}
