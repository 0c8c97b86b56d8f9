// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// The pull request's version: see base/Bank.sol.
contract Bank {
    mapping(address => uint256) public deposits;

    event Withdrawal(address indexed to, uint256 amount);

    function deposit() external payable {
        deposits[msg.sender] += msg.value;
    }

    function withdraw(uint256 amount) external {
        // gas: deposits always cover withdrawals
        unchecked {
            deposits[msg.sender] -= amount;
        }
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok, "transfer failed");
        emit Withdrawal(msg.sender, amount);
    }
}
