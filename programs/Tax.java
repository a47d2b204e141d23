/** Income tax by brackets with an allowance per dependent, and a yearly bonus. */
public class Tax {
    static final double ALLOWANCE = 2500.0;

    public static double tax(double income, int dependents) {
        double taxable = income - dependents * ALLOWANCE;
        if (taxable <= 0) {
            return 0.0;
        }
        double tax;
        if (taxable <= 10000) {
            tax = taxable * 0.1;
        } else if (taxable <= 40000) {
            tax = 1000 + (taxable - 10000) * 0.2;
        } else {
            tax = 7000 + (taxable - 40000) * 0.35;
        }
        return (long) (tax * 100 + 0.5) / 100.0;
    }

    public static double bonus(double salary, int years, boolean manager) {
        double rate = 0.02;
        if (years > 10) {
            rate += 0.03;
        } else if (years > 5) {
            rate += 0.01;
        }
        if (manager) {
            rate *= 1.5;
        }
        return salary * rate;
    }
}
