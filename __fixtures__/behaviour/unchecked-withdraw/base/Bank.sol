// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Ether deposits. Head wraps the withdrawal's subtraction in `unchecked` ("deposits always cover
/// withdrawals"): withdrawing more than one's deposit no longer reverts with Panic 0x11 and pays out
/// other depositors' ether. Sequence: bob `deposit()` 1 ether, alice `withdraw(1 ether)`.
contract Bank {
    mapping(address => uint256) public deposits;

    event Withdrawal(address indexed to, uint256 amount);

    function deposit() external payable {
        deposits[msg.sender] += msg.value;
    }

    function withdraw(uint256 amount) external {
        deposits[msg.sender] -= amount;
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok, "transfer failed");
        emit Withdrawal(msg.sender, amount);
    }
}
