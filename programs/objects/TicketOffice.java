/** Ticket offices that number tickets from one counter shared by every office, and remember the last numbers issued and who bought them. */

import java.util.ArrayList;
import java.util.List;

public class TicketOffice {
    private static int nextNumber = 1;
    private static final int[] recent = new int[3];
    private static final List<String> buyers = new ArrayList<>();

    private final String name;
    private int sold;

    public TicketOffice(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("office name required");
        }
        this.name = name;
    }

    /** The next ticket's number; every office draws from the same counter. */
    public int issue(String buyer) {
        if (buyer == null || buyer.isEmpty()) {
            throw new IllegalArgumentException("buyer required");
        }
        int number = nextNumber++;
        recent[(number - 1) % recent.length] = number;
        buyers.add(buyer);
        sold++;
        return number;
    }

    /** Issues count tickets to one buyer and returns the last number (0 when none). */
    public int issueBatch(String buyer, int count) {
        int last = 0;
        for (int i = 0; i < count; i++) {
            last = issue(buyer);
        }
        return last;
    }

    public int getSold() {
        return sold;
    }

    /** The highest of the last numbers issued by any office (0 before the first). */
    public static int lastIssued() {
        int max = 0;
        for (int n : recent) {
            if (n > max) {
                max = n;
            }
        }
        return max;
    }

    /** How many tickets a buyer holds across every office. */
    public static int ticketsOf(String buyer) {
        int count = 0;
        for (String b : buyers) {
            if (b.equals(buyer)) {
                count++;
            }
        }
        return count;
    }

    public String summary() {
        return name + ": " + sold + " sold, next number " + nextNumber;
    }
}
