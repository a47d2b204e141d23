/** A bank account in cents with an overdraft limit, its own checked exception for missing funds, and transfers between accounts. */
public class BankAccount {
    private final String owner;
    private long balance;
    private final long overdraftLimit;
    private int transferAttempts;
    private int failedTransfers;
    private String lastError;

    public BankAccount(String owner, long openingBalance, long overdraftLimit) {
        if (owner == null || owner.isEmpty()) {
            throw new IllegalArgumentException("owner required");
        }
        if (openingBalance < 0 || overdraftLimit < 0) {
            throw new IllegalArgumentException("negative opening balance or limit");
        }
        this.owner = owner;
        this.balance = openingBalance;
        this.overdraftLimit = overdraftLimit;
        this.lastError = "";
    }

    public BankAccount(String owner, long openingBalance) {
        this(owner, openingBalance, 0);
    }

    public String getOwner() {
        return owner;
    }

    public long getBalance() {
        return balance;
    }

    public long available() {
        return balance + overdraftLimit;
    }

    public int getTransferAttempts() {
        return transferAttempts;
    }

    public int getFailedTransfers() {
        return failedTransfers;
    }

    public String getLastError() {
        return lastError;
    }

    private static void requirePositive(long amount) {
        if (amount <= 0) {
            throw new IllegalArgumentException("amount must be positive: " + amount);
        }
    }

    public void deposit(long amount) {
        requirePositive(amount);
        balance += amount;
    }

    public void withdraw(long amount) throws InsufficientFundsException {
        requirePositive(amount);
        if (amount > available()) {
            throw new InsufficientFundsException(owner, amount - available());
        }
        balance -= amount;
    }

    /**
     * Moves amount from this account to target. Returns true on success; on missing funds records
     * the error message and returns false. Every call counts as an attempt, whatever its outcome.
     */
    public boolean transfer(BankAccount target, long amount) {
        if (target == this) {
            throw new IllegalArgumentException("cannot transfer to the same account");
        }
        try {
            withdraw(amount);
            target.deposit(amount);
            lastError = "";
            return true;
        } catch (InsufficientFundsException e) {
            failedTransfers++;
            lastError = e.getMessage();
            return false;
        } finally {
            transferAttempts++;
        }
    }

    /** Withdraws and reports the outcome as text rather than an exception. */
    public String tryWithdraw(long amount) {
        try {
            withdraw(amount);
            return "ok, balance " + balance;
        } catch (InsufficientFundsException e) {
            return "short by " + e.getShortfall();
        } catch (IllegalArgumentException e) {
            return "rejected: " + e.getMessage();
        }
    }

    /** Monthly interest on a positive balance (basis points, rounded down); a fee if overdrawn. */
    public long applyMonthEnd(int interestBasisPoints, long overdraftFee) {
        long change;
        if (balance > 0) {
            change = balance * interestBasisPoints / 10000;
        } else if (balance < 0) {
            change = -overdraftFee;
        } else {
            change = 0;
        }
        balance += change;
        return change;
    }

    @Override
    public String toString() {
        long abs = Math.abs(balance);
        long cents = abs % 100;
        String sign = balance < 0 ? "-" : "";
        return owner + ": " + sign + (abs / 100) + "." + (cents < 10 ? "0" : "") + cents;
    }
}

/** Thrown when a withdrawal exceeds the balance plus overdraft. */
class InsufficientFundsException extends Exception {
    private final long shortfall;

    InsufficientFundsException(String owner, long shortfall) {
        super("insufficient funds in account of " + owner + ": missing " + shortfall);
        this.shortfall = shortfall;
    }

    long getShortfall() {
        return shortfall;
    }
}
