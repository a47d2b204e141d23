/** Monthly payroll over a small class hierarchy of employees: constructor chaining, super calls, overriding and initialization order. */
public class Payroll {
    private Payroll() {
    }

    public static long total(Employee... staff) {
        long sum = 0;
        for (Employee e : staff) {
            sum += e.monthlyPay();
        }
        return sum;
    }

    public static Employee bestPaid(Employee... staff) {
        Employee best = null;
        for (Employee e : staff) {
            if (best == null || e.monthlyPay() > best.monthlyPay()) {
                best = e;
            }
        }
        return best;
    }

    public static int countManagers(Employee... staff) {
        int n = 0;
        for (Employee e : staff) {
            if (e instanceof Manager) {
                n++;
            }
        }
        return n;
    }

    /** Income tax on a monthly amount by a progressive table set up in a static initializer. */
    public static long incomeTax(long monthly) {
        long tax = 0;
        for (int i = Employee.BRACKETS.length - 1; i >= 0; i--) {
            if (monthly > Employee.BRACKETS[i]) {
                tax += (monthly - Employee.BRACKETS[i]) * Employee.RATES[i] / 100;
                monthly = Employee.BRACKETS[i];
            }
        }
        return tax;
    }
}

abstract class Employee {
    static final long[] BRACKETS;
    static final int[] RATES;

    static {
        BRACKETS = new long[] {1000, 3000, 8000};
        RATES = new int[] {10, 25, 40};
    }

    private final String name;
    protected final long baseSalary;
    /** Records the order in which the parts of the object were initialized. */
    protected String trace = "";
    private final int openingRate;

    {
        trace += "Employee-init ";
    }

    protected Employee(String name, long baseSalary) {
        if (baseSalary < 0) {
            throw new IllegalArgumentException("negative salary");
        }
        this.name = name;
        this.baseSalary = baseSalary;
        // Calls an overridable method before the subclass fields are set: a subclass sees its defaults.
        this.openingRate = bonusPercent();
        trace += "Employee ";
    }

    String getName() {
        return name;
    }

    String getTrace() {
        return trace.trim();
    }

    int getOpeningRate() {
        return openingRate;
    }

    int bonusPercent() {
        return 0;
    }

    long monthlyPay() {
        return baseSalary + baseSalary * bonusPercent() / 100;
    }

    long netPay() {
        long gross = monthlyPay();
        return gross - Payroll.incomeTax(gross);
    }

    String describe() {
        return name + " earns " + monthlyPay();
    }

    @Override
    public String toString() {
        return describe();
    }
}

class Engineer extends Employee {
    private final int level;
    private int overtimeHours;

    {
        trace += "Engineer-init ";
    }

    Engineer(String name, long baseSalary, int level, int overtimeHours) {
        super(name, baseSalary);
        if (level < 1 || level > 5) {
            throw new IllegalArgumentException("level must be 1..5");
        }
        this.level = level;
        this.overtimeHours = overtimeHours;
        trace += "Engineer ";
    }

    Engineer(String name, long baseSalary) {
        this(name, baseSalary, 1, 0);
        trace += "Engineer(2) ";
    }

    @Override
    int bonusPercent() {
        return level >= 3 ? 2 * level : level;
    }

    @Override
    long monthlyPay() {
        long hourly = baseSalary / 160;
        int capped = Math.min(overtimeHours, 40);
        return super.monthlyPay() + capped * hourly * 3 / 2;
    }

    @Override
    String describe() {
        return super.describe() + " (engineer L" + level + ")";
    }
}

class Manager extends Employee {
    private final Employee[] reports;

    {
        trace += "Manager-init ";
    }

    Manager(String name, long baseSalary, Employee... reports) {
        super(name, baseSalary);
        this.reports = reports.clone();
        trace += "Manager ";
    }

    /** 5 percent, plus one per report up to ten reports; zero while reports is not yet set. */
    @Override
    int bonusPercent() {
        return reports == null ? 0 : 5 + Math.min(reports.length, 10);
    }

    long teamCost() {
        long cost = monthlyPay();
        for (Employee e : reports) {
            cost += e instanceof Manager m ? m.teamCost() : e.monthlyPay();
        }
        return cost;
    }

    int headcount() {
        int n = 1;
        for (Employee e : reports) {
            n += e instanceof Manager ? ((Manager) e).headcount() : 1;
        }
        return n;
    }

    @Override
    String describe() {
        return super.describe() + " (manages " + reports.length + ")";
    }
}
