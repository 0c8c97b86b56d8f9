// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Bug: withdraw burns the sender's balance unchecked ("the supply check below covers it", as a gas
// edit of solmate's _burn argued): withdrawing more than one's deposit underflows the balance and pays
// out the other depositors' ether. The supply check bounds the amount, so it leaks only for a value
// between the sender's deposit and all the ether the token holds (1,000 and 2,000 ether once the
// campaign has funded alice and bob): amounts read off the funded world, which random magnitudes rarely hit.
// Safe twin: WrappedEther.sol (withdraw requires the balance).
contract WrappedEtherUncheckedBurn {
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    function deposit() external payable {
        balanceOf[msg.sender] += msg.value;
        totalSupply += msg.value;
    }

    function withdraw(uint256 value) external {
        unchecked {
            balanceOf[msg.sender] -= value;
        }
        totalSupply -= value;
        (bool ok, ) = msg.sender.call{value: value}("");
        require(ok, "ether not sent");
    }

    function transfer(address to, uint256 value) external returns (bool) {
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        allowance[from][msg.sender] -= value;
        balanceOf[from] -= value;
        balanceOf[to] += value;
        return true;
    }
}
