/** A single-product vending machine as a state machine: coins, selection, refunds, sold-out and maintenance states. */
public class VendingMachine {
    enum State {
        IDLE, HAS_CREDIT, SOLD_OUT, MAINTENANCE;

        boolean acceptsCoins() {
            return this == IDLE || this == HAS_CREDIT;
        }
    }

    private static final int MAX_CREDIT = 500;

    private State state;
    private final int price;
    private int stock;
    private int credit;
    private int sold;
    private int revenue;
    private int transitions;

    public VendingMachine(int price, int stock) {
        if (price <= 0 || stock < 0) {
            throw new IllegalArgumentException("price must be positive and stock non-negative");
        }
        this.price = price;
        this.stock = stock;
        this.state = stock == 0 ? State.SOLD_OUT : State.IDLE;
    }

    public State getState() {
        return state;
    }

    public int getCredit() {
        return credit;
    }

    public int getStock() {
        return stock;
    }

    public int getSold() {
        return sold;
    }

    public int getRevenue() {
        return revenue;
    }

    public int getTransitions() {
        return transitions;
    }

    private void moveTo(State next) {
        if (next != state) {
            transitions++;
            state = next;
        }
    }

    private IllegalTransitionException invalid(String action) {
        return new IllegalTransitionException(state, action);
    }

    /** Accepts 5, 10, 25 and 100; returns the credit. Coins beyond the maximum credit are rejected. */
    public int insertCoin(int cents) {
        if (!state.acceptsCoins()) {
            throw invalid("coin");
        }
        if (cents != 5 && cents != 10 && cents != 25 && cents != 100) {
            throw new IllegalArgumentException("unknown coin: " + cents);
        }
        if (credit + cents > MAX_CREDIT) {
            return credit;
        }
        credit += cents;
        moveTo(State.HAS_CREDIT);
        return credit;
    }

    /** Dispenses one item if the credit covers the price; returns the change given (or -1 if not enough credit). */
    public int select() {
        if (state != State.HAS_CREDIT) {
            throw invalid("select");
        }
        if (credit < price) {
            return -1;
        }
        int change = credit - price;
        credit = 0;
        stock--;
        sold++;
        revenue += price;
        moveTo(stock == 0 ? State.SOLD_OUT : State.IDLE);
        return change;
    }

    /** Returns the whole credit. */
    public int cancel() {
        int refund = credit;
        switch (state) {
            case HAS_CREDIT:
                credit = 0;
                moveTo(State.IDLE);
                break;
            case IDLE:
            case SOLD_OUT:
                break;
            default:
                throw invalid("cancel");
        }
        return refund;
    }

    public void beginMaintenance() {
        if (state == State.HAS_CREDIT || state == State.MAINTENANCE) {
            throw invalid("maintenance");
        }
        moveTo(State.MAINTENANCE);
    }

    public void restock(int items) {
        if (state != State.MAINTENANCE) {
            throw invalid("restock");
        }
        if (items <= 0) {
            throw new IllegalArgumentException("restock needs a positive number of items");
        }
        stock += items;
    }

    public void endMaintenance() {
        if (state != State.MAINTENANCE) {
            throw invalid("end maintenance");
        }
        moveTo(stock > 0 ? State.IDLE : State.SOLD_OUT);
    }

    /**
     * Runs a script of space-separated commands: a number inserts that coin, "s" selects, "c" cancels,
     * "m" starts maintenance, "r<n>" restocks n, "e" ends maintenance. Returns the outputs joined by
     * commas; an invalid transition stops the script and appends "!" plus the message.
     */
    public String run(String script) {
        String out = "";
        int i = 0;
        try {
            while (i < script.length()) {
                int end = script.indexOf(' ', i);
                if (end < 0) {
                    end = script.length();
                }
                String cmd = script.substring(i, end);
                i = end + 1;
                if (cmd.isEmpty()) {
                    continue;
                }
                String result = switch (cmd.charAt(0)) {
                    case 's' -> String.valueOf(select());
                    case 'c' -> "refund " + cancel();
                    case 'm' -> {
                        beginMaintenance();
                        yield "m";
                    }
                    case 'r' -> {
                        restock(Integer.parseInt(cmd.substring(1)));
                        yield "stock " + stock;
                    }
                    case 'e' -> {
                        endMaintenance();
                        yield state.name();
                    }
                    default -> "credit " + insertCoin(Integer.parseInt(cmd));
                };
                out += out.isEmpty() ? result : "," + result;
            }
        } catch (IllegalTransitionException e) {
            out += "!" + e.getMessage();
        }
        return out;
    }

    @Override
    public String toString() {
        return state + " credit=" + credit + " stock=" + stock + " sold=" + sold;
    }
}

class IllegalTransitionException extends RuntimeException {
    private final VendingMachine.State from;

    IllegalTransitionException(VendingMachine.State from, String action) {
        super("cannot " + action + " in state " + from);
        this.from = from;
    }

    VendingMachine.State getFrom() {
        return from;
    }
}
