/** A music playlist: tracks as a static nested class, a play cursor as an inner class, filters as anonymous classes and lambdas. */

import java.util.function.Predicate;

public class Playlist {
    /** Maximum tracks per playlist. */
    static final int LIMIT;
    /** Seconds in an hour, minute. */
    static final int[] UNITS;

    static {
        int limit = 1;
        for (int i = 0; i < 7; i++) {
            limit *= 2;
        }
        LIMIT = limit;
        UNITS = new int[] {3600, 60};
    }

    interface TrackFilter {
        boolean keep(Track t);
    }

    static final class Track {
        final String title;
        final String artist;
        final int seconds;

        Track(String title, String artist, int seconds) {
            if (seconds <= 0) {
                throw new IllegalArgumentException("track length must be positive");
            }
            this.title = title;
            this.artist = artist;
            this.seconds = seconds;
        }

        Track(String title, int seconds) {
            this(title, "unknown", seconds);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Track t && t.seconds == seconds && t.title.equals(title) && t.artist.equals(artist);
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(title, artist, seconds);
        }

        @Override
        public String toString() {
            return title + " (" + artist + ", " + formatDuration(seconds) + ")";
        }
    }

    /** Walks the playlist; repeat mode is read from the playlist each time it advances. */
    class Cursor {
        private int position;
        private int played;

        Track current() {
            return count == 0 ? null : tracks[position];
        }

        boolean advance() {
            played++;
            if (position + 1 < count) {
                position++;
                return true;
            }
            if (repeat && count > 0) {
                position = 0;
                return true;
            }
            return false;
        }
    }

    private final String name;
    private Track[] tracks;
    private int count;
    private boolean repeat;

    {
        tracks = new Track[4];
        count = 0;
    }

    public Playlist(String name, boolean repeat, Track... initial) {
        this.name = name;
        this.repeat = repeat;
        for (Track t : initial) {
            add(t);
        }
    }

    public Playlist(String name, Track... initial) {
        this(name, false, initial);
    }

    public void add(Track t) {
        if (count == LIMIT) {
            throw new IllegalStateException("playlist " + name + " is full");
        }
        if (count == tracks.length) {
            Track[] bigger = new Track[Math.min(LIMIT, tracks.length * 2)];
            for (int i = 0; i < count; i++) {
                bigger[i] = tracks[i];
            }
            tracks = bigger;
        }
        tracks[count++] = t;
        assert count <= tracks.length;
    }

    public int size() {
        return count;
    }

    public void setRepeat(boolean repeat) {
        this.repeat = repeat;
    }

    public int totalSeconds() {
        var total = 0;
        for (int i = 0; i < count; i++) {
            total += tracks[i].seconds;
        }
        return total;
    }

    public static String formatDuration(int seconds) {
        var hours = seconds / UNITS[0];
        var minutes = seconds % UNITS[0] / UNITS[1];
        var rest = seconds % UNITS[1];
        String mm = (hours > 0 && minutes < 10 ? "0" : "") + minutes;
        String ss = (rest < 10 ? "0" : "") + rest;
        return hours > 0 ? hours + ":" + mm + ":" + ss : mm + ":" + ss;
    }

    /** Titles played in the given number of steps from the start, comma-separated. */
    public String play(int steps) {
        Cursor cursor = new Cursor();
        String out = "";
        for (int i = 0; i < steps && cursor.current() != null; i++) {
            out += (i == 0 ? "" : ", ") + cursor.current().title;
            if (!cursor.advance()) {
                break;
            }
        }
        return out;
    }

    public int count(TrackFilter filter) {
        int n = 0;
        for (int i = 0; i < count; i++) {
            if (filter.keep(tracks[i])) {
                n++;
            }
        }
        return n;
    }

    public int countLongerThan(int seconds) {
        return count(new TrackFilter() {
            @Override
            public boolean keep(Track t) {
                return t.seconds > seconds;
            }
        });
    }

    public int countBy(String artist) {
        final String wanted = artist;
        Predicate<Track> byArtist = t -> t.artist.equals(wanted);
        return count(byArtist::test);
    }

    public Track longest() {
        Track best = null;
        for (int i = 0; i < count; i++) {
            best = best == null || tracks[i].seconds > best.seconds ? tracks[i] : best;
        }
        return best;
    }

    /** Indices i < j of the first pair of tracks by the same artist, as {i, j}, or null. */
    public int[] firstSameArtist() {
        int[] found = null;
        outer:
        for (int i = 0; i < count; i++) {
            for (int j = i + 1; j < count; j++) {
                if (tracks[i].artist.equals(tracks[j].artist)) {
                    found = new int[] {i, j};
                    break outer;
                }
            }
        }
        return found;
    }

    /** A copy interleaving the first and second halves: 0, h, 1, h+1, ... */
    public Track[] interleaved() {
        Track[] snapshot = tracks.clone();
        Track[] out = new Track[count];
        int half = (count + 1) / 2;
        for (int i = 0, k = 0; k < count; i++) {
            out[k++] = snapshot[i];
            if (k < count) {
                out[k++] = snapshot[half + i];
            }
        }
        return out;
    }

    /** The longest prefix fitting in the given seconds. */
    public Playlist fitting(int seconds) {
        Playlist p = new Playlist(name + " (short)", repeat);
        int used = 0;
        for (int i = 0; i < count && used + tracks[i].seconds <= seconds; i++) {
            p.add(tracks[i]);
            used += tracks[i].seconds;
        }
        return p;
    }

    @Override
    public String toString() {
        return name + ": " + count + " tracks, " + formatDuration(totalSeconds()) + (repeat ? " (repeat)" : "");
    }
}
